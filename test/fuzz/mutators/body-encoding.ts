// Bodies whose bytes or declared type are wrong: malformed JSON, invalid UTF-8, a BOM, UTF-16,
// odd or missing Content-Type values, a body on an operation without one, a body over 1 MB.
import { baseRequest, caseOf, encodeBody, setHeader, type CaseContext, type Mutator } from '../fuzz-case.ts';

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":1e400}',
  '{"a":-0}',
  '{"a":"\\ud800"}',
  '{"a":"\\u00"}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '{"a":1,"a":2}',
  '\u0000',
  '{"a":"\u0007"}',
  '   ',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  'null',
  '{"a":[1,2}',
  '//{}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  '*/*',
  '',
  'application/json, text/plain',
  'application/jsonx',
  'application/json; charset="utf-8"; q=1',
  'text/html; charset=utf-8',
];

function withBytes(context: CaseContext, name: string, bytes: Buffer, contentType?: string) {
  const request = baseRequest(context);
  request.body = bytes;
  if (contentType !== undefined) request.headers = setHeader(request.headers, 'Content-Type', contentType);
  else if (!context.sample.body) request.headers.push(['Content-Type', 'application/json']);
  return caseOf(context, name, request);
}

function exampleBytes(context: CaseContext): Buffer {
  return encodeBody(context.sample.body?.mediaType ?? 'application/json', context.sample.body?.example ?? { name: 'x' });
}

export const bodyEncodingMutators: Mutator[] = [
  {
    name: 'body-malformed-json',
    make: (context) => withBytes(context, 'body-malformed-json', Buffer.from(context.rng.pick(MALFORMED_JSON)), 'application/json'),
  },
  {
    name: 'body-bad-encoding',
    make: (context) => {
      const { rng } = context;
      const json = JSON.stringify(context.sample.body?.example ?? { name: 'x' });
      const variants: [Buffer, string][] = [
        [
          Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]), Buffer.from('"}')]),
          'application/json',
        ],
        [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]), 'application/json'],
        [Buffer.from(json, 'utf16le'), 'application/json; charset=utf-16le'],
        [Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(json, 'utf16le')]), 'application/json'],
        [Buffer.from(json, 'latin1'), 'application/json; charset=iso-8859-1'],
        [Buffer.from(json.replace(/"/g, '\u201c')), 'application/json'],
        [Buffer.from([0xc0, 0x80, 0xed, 0xa0, 0x80]), 'application/json'],
      ];
      const [bytes, type] = rng.pick(variants);
      return withBytes(context, 'body-bad-encoding', bytes, type);
    },
  },
  {
    name: 'body-content-type',
    make: (context) => withBytes(context, 'body-content-type', exampleBytes(context), context.rng.pick(CONTENT_TYPES)),
  },
  {
    name: 'body-without-content-type',
    make: (context) => {
      const request = baseRequest(context);
      request.body = exampleBytes(context);
      request.headers = setHeader(request.headers, 'Content-Type', undefined);
      return caseOf(context, 'body-without-content-type', request);
    },
  },
  {
    name: 'body-too-large',
    make: (context) => {
      const { rng } = context;
      const request = baseRequest(context);
      const size = rng.pick([(1 << 20) + 1, (1 << 20) - 10, 1_200_000]);
      request.body = Buffer.from(`{"name":"${'x'.repeat(size - 11)}"}`);
      request.headers = setHeader(request.headers, 'Content-Type', 'application/json');
      if (rng.chance(0.5)) request.framing = 'chunked';
      return caseOf(context, 'body-too-large', request);
    },
  },
];
