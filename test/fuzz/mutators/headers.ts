// Odd headers on an otherwise good request: Authorization in every wrong form, a Host that is
// missing, doubled, foreign or not a host, huge and numerous headers, request ids, expectations,
// upgrades and encodings the mock does not speak.
import { baseRequest, caseOf, setHeader, type CaseContext, type Mutator } from '../fuzz-case.ts';

function authorizations(context: CaseContext): (string | string[] | undefined)[] {
  const { key, rng } = context;
  return [
    undefined,
    '',
    'Bearer',
    'Bearer ',
    `Bearer  ${key}`,
    `bearer ${key}`,
    `BEARER ${key}`,
    `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    `Token ${key}`,
    `Bearer ${key}x`,
    `Bearer ${key.slice(0, -1)}`,
    `Bearer svc_live_${rng.text(32)}`,
    `Bearer svc_at_${rng.text(32)}`,
    `Bearer svc_rt_${rng.text(32)}`,
    `Bearer ${'a'.repeat(8000)}`,
    `Bearer ${key}\u00e9`,
    `Bearer ${key}, Bearer ${key}`,
    [`Bearer ${key}`, `Bearer ${key}`],
    [`Bearer ${key}`, 'Bearer other'],
    `Bearer ${key} extra`,
    'Basic !!!',
    'Basic ',
    `Digest username="${key}"`,
  ];
}

const HOSTS = [
  undefined,
  '',
  'other.example',
  'crm.example/_mock',
  'user:pw@127.0.0.1',
  '[::1]:80',
  '[::1',
  '127.0.0.1:99999999',
  'a b',
  '127.0.0.1:',
  'xn--80ak6aa92e.com',
  'ex\u00e4mple.com',
  '%41.example',
  ['127.0.0.1', 'other.example'],
];

const REQUEST_IDS = ['ok-1', 'a'.repeat(64), 'a'.repeat(65), 'bad id', 'ид', '', '../../etc', ['one', 'two']];

function oddHeader(context: CaseContext): [string, string][] {
  const { rng } = context;
  return rng.pick<[string, string][]>([
    [['Expect', '100-continue']],
    [['Expect', 'foo']],
    [['Expect', '100-continue, foo']],
    [
      ['Connection', 'Upgrade'],
      ['Upgrade', 'websocket'],
    ],
    [
      ['Connection', 'Upgrade, HTTP2-Settings'],
      ['Upgrade', 'h2c'],
      ['HTTP2-Settings', 'AAMAAABkAAQAAP__'],
    ],
    [['Content-Encoding', 'gzip']],
    [['Accept-Encoding', 'br, gzip, *;q=0']],
    [['Accept', 'text/html']],
    [['Accept', 'application/xml']],
    [['Accept-Language', 'ru']],
    [['Accept-Language', 'uz-Latn-UZ;q=0.9, *;q=abc']],
    [['Accept-Language', 'x'.repeat(5000)]],
    [['Cookie', `session=${rng.text(40)}; ${'c=1; '.repeat(200)}`]],
    [['Origin', 'https://evil.example']],
    [['Origin', 'null']],
    [['Sec-Fetch-Site', 'cross-site']],
    [['X-Forwarded-For', '1.2.3.4, ::1, not-an-ip']],
    [['X-Forwarded-Host', 'other.example']],
    [['Range', 'bytes=0-1']],
    [['If-None-Match', '*']],
    [['Max-Forwards', '0']],
    [['Via', '1.1 proxy']],
    [['TE', 'trailers']],
    [['X-HTTP-Method-Override', 'DELETE']],
    [
      ['Content-Type', 'application/json'],
      ['Content-Type', 'text/plain'],
    ],
    [['X-Empty', '']],
    [['X-Latin1', 'caf\u00e9 \u00ff']],
    [['X-Long-Name-' + 'n'.repeat(2000), 'v']],
  ]);
}

export const headerMutators: Mutator[] = [
  {
    name: 'header-authorization',
    make: (context) => {
      const request = baseRequest(context);
      const value = context.rng.pick(authorizations(context));
      request.headers = setHeader(request.headers, 'Authorization', undefined);
      for (const one of [value ?? []].flat()) request.headers.push(['Authorization', one]);
      return caseOf(context, 'header-authorization', request);
    },
  },
  {
    name: 'header-host',
    make: (context) => {
      const request = baseRequest(context);
      const value = context.rng.pick(HOSTS);
      request.headers = setHeader(request.headers, 'Host', undefined);
      for (const one of [value ?? []].flat()) request.headers.unshift(['Host', one]);
      if (value === undefined && context.rng.chance(0.3)) request.version = 'HTTP/1.0';
      return caseOf(context, 'header-host', request, { alone: request.version === 'HTTP/1.0', malformed: true });
    },
  },
  {
    name: 'header-huge',
    make: (context) => {
      const { rng } = context;
      const request = baseRequest(context);
      const size = rng.pick([4_000, 15_000, 17_000, 70_000]);
      if (rng.chance(0.5)) request.headers.push(['X-Big', 'b'.repeat(size)]);
      else for (let i = 0; i < size / 100; i++) request.headers.push([`X-Many-${i}`, 'm'.repeat(90)]);
      return caseOf(context, 'header-huge', request, { alone: size > 15_000, malformed: size > 15_000 });
    },
  },
  {
    name: 'header-request-id',
    make: (context) => {
      const request = baseRequest(context);
      for (const one of [context.rng.pick(REQUEST_IDS)].flat()) request.headers.push(['X-Request-Id', one]);
      return caseOf(context, 'header-request-id', request);
    },
  },
  {
    name: 'header-odd',
    make: (context) => {
      const request = baseRequest(context);
      const extra = oddHeader(context);
      for (const [name] of extra) if (name === 'Content-Type') request.headers = setHeader(request.headers, name, undefined);
      request.headers.push(...extra);
      // A header name outside latin1 tokens, or an upgrade, may end the connection.
      return caseOf(context, 'header-odd', request, { alone: extra.some(([name]) => /Upgrade|Long-Name/.test(name)) });
    },
  },
];
