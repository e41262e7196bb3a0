// Requests whose framing is wrong, each on a connection of its own: bad chunk sizes, a
// Content-Length that lies or is not a number, Content-Length beside Transfer-Encoding,
// pipelined requests (with garbage behind them), broken request lines, truncated heads and bytes
// that are not HTTP at all.
import { requestBytes } from '../request-bytes.ts';
import { baseRequest, rawCase, setHeader, type CaseContext, type Mutator, type SentRequest } from '../fuzz-case.ts';

function head(context: CaseContext, extra: [string, string][] = []): { bytes: Buffer; sent: SentRequest } {
  const request = baseRequest(context);
  request.body = undefined;
  request.headers = [...setHeader(request.headers, 'Content-Type', 'application/json'), ...extra];
  return { bytes: requestBytes(request), sent: { method: request.method, target: request.target } };
}

const CHUNKED_BODIES = [
  'zz\r\n{}\r\n0\r\n\r\n',
  '-1\r\n{}\r\n0\r\n\r\n',
  'ffffffffffffffffff\r\n{}\r\n',
  '2\r\n{}',
  '2\r\n{}\r\n',
  '5\r\n{}\r\n0\r\n\r\n',
  '2;ext=' + 'e'.repeat(20_000) + '\r\n{}\r\n0\r\n\r\n',
  '2\r\n{}\r\n0\r\nTrailer: x\r\n\r\n',
  '2\n{}\n0\n\n',
  '0\r\n\r\n',
  ' 2\r\n{}\r\n0\r\n\r\n',
  '2\r\n{}XX0\r\n\r\n',
];

const LENGTHS = ['-1', 'abc', '+5', '5, 5', '5, 6', '99999999999999999999', '1e3', ' 2', '0x2', ''];

export const framingMutators: Mutator[] = [
  {
    name: 'framing-chunked',
    make: (context) => {
      const { rng } = context;
      const extra: [string, string][] = rng.pick([
        [['Transfer-Encoding', 'chunked']],
        [
          ['Transfer-Encoding', 'chunked'],
          ['Content-Length', '2'],
        ],
        [['Transfer-Encoding', 'gzip, chunked']],
        [['Transfer-Encoding', 'chunked, gzip']],
        [
          ['Transfer-Encoding', 'chunked'],
          ['Transfer-Encoding', 'chunked'],
        ],
        [['Transfer-Encoding', 'identity']],
      ]);
      const { bytes, sent } = head(context, extra);
      return rawCase(context, 'framing-chunked', Buffer.concat([bytes, Buffer.from(rng.pick(CHUNKED_BODIES), 'latin1')]), [sent]);
    },
  },
  {
    name: 'framing-content-length',
    make: (context) => {
      const { rng } = context;
      const body = '{"name":"x"}';
      const declared = rng.pick([String(body.length + 10), String(body.length - 5), String(body.length * 1000), ...LENGTHS]);
      const extra: [string, string][] = rng.chance(0.2)
        ? [
            ['Content-Length', declared],
            ['Content-Length', String(body.length)],
          ]
        : [['Content-Length', declared]];
      const { bytes, sent } = head(context, extra);
      return rawCase(context, 'framing-content-length', Buffer.concat([bytes, Buffer.from(body)]), [sent]);
    },
  },
  {
    name: 'framing-pipelined',
    make: (context) => {
      const { rng, samples } = context;
      const parts = Array.from({ length: 2 + rng.int(3) }, () => {
        const sample = rng.pick(samples);
        const request = baseRequest({ ...context, sample }, sample);
        return { bytes: requestBytes(request), sent: { method: request.method, target: request.target } };
      });
      const garbage = rng.chance(0.3)
        ? [Buffer.from(rng.pick(['GARBAGE\r\n\r\n', 'GET / HTTP/1.1\r\nBad Header\r\n\r\n', '\r\n\r\n\r\n', 'G']))]
        : [];
      return rawCase(
        context,
        'framing-pipelined',
        Buffer.concat([...parts.map((p) => p.bytes), ...garbage]),
        parts.map((p) => p.sent),
        parts.length,
      );
    },
  },
  {
    name: 'framing-request-line',
    make: (context) => {
      const { rng, host } = context;
      const path = baseRequest(context).target;
      const line = rng.pick([
        `GET ${path} HTTP/1.0\r\n\r\n`,
        `GET ${path} HTTP/2.0\r\nHost: ${host}\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`.replaceAll('\r\n', '\n'),
        `GET ${path}\r\n\r\n`,
        `GET  ${path}  HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        `GET\t${path}\tHTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        `\r\n\r\nGET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        `GET ${path} http/1.1\r\nHost: ${host}\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Folded: a\r\n b\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n X-Leading-Space: a\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Nul: a\u0000b\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost : ${host}\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nNoColon\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Ctl: \u0001\r\n\r\n`,
        `GET ${path} HTTP/9.9\r\nHost: ${host}\r\n\r\n`,
        `GET ${path.replace('/', '/ ')} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u01fc\u0003\u0003',
        'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
        `GET ${path} HTTP/1.1\r\nHo`,
        'G',
      ]);
      // A head cut short or bytes that are not a request may be answered once or not at all, never with a 5xx.
      return rawCase(context, 'framing-request-line', Buffer.from(line, 'latin1'), [{ method: 'GET', target: path }], 0);
    },
  },
];
