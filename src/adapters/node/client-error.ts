// Requests node:http's parser refuses (its `clientError` event): bad framing or header syntax,
// headers over the 16 KB limit, a custom method, a body cut short, a request that does not
// arrive in time. Node answers these itself with a bare 400, 408 or 431 and no X-Request-Id;
// here the core answers them like any other request (issue 15): 400 `malformed_request` in the
// envelope with its X-Request-Id (the caller's own when the refused bytes show a valid one, spec
// 7.1), or, for a method llhttp does not know, 405 `method_not_allowed`.
import { maxHeaderSize } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestInfo } from '../../http/handle.ts';
import { readTarget, routedUrl } from './request-target.ts';

type ParserError = Error & { code?: string; reason?: string; rawPacket?: Buffer; bytesParsed?: number };

/** Errors after which nothing can be written: the peer is gone. */
const PEER_GONE = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED']);

export function peerGone(error: ParserError, socket: Duplex): boolean {
  return PEER_GONE.has(error.code ?? '') || !socket.writable;
}

/**
 * The Request and what the core must know of it, standing for a request the parser refused: the
 * method and target of its request line where the bytes show one (for the journal; a method
 * llhttp does not know is answered 405 on that path), and the caller's X-Request-Id.
 */
export function refusedRequest(
  error: ParserError,
  origin: string,
  clientAddress: string | undefined,
): { request: Request; info: RequestInfo } {
  const head = failingHead(error);
  const line = requestLine(head, origin);
  const init = { method: 'GET', headers: shownRequestId(head) };
  if (line && error.code === 'HPE_INVALID_METHOD')
    return { request: new Request(line.url, init), info: { clientAddress, method: line.method } };
  return {
    request: new Request(line?.url ?? `${origin}/`, init),
    info: { clientAddress, method: line?.method, malformed: describe(error) },
  };
}

/** `METHOD target HTTP/1.x` at the head's start, its target routed as the node face routes one (request-target.ts). */
function requestLine(head: string, origin: string): { method: string; url: string } | undefined {
  const line = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}) (\S{1,8192}) HTTP\/1\.[01](?:\r?\n|$)/.exec(head);
  const target = line && readTarget(line[2]!);
  const url = target?.kind === 'path' ? routedUrl(origin, target.pathAndQuery) : undefined;
  return line && url ? { method: line[1]!, url } : undefined;
}

/**
 * The `X-Request-Id` lines of the refused request's head, as far as the packet shows it: the core
 * echoes a valid one as it does for any request (spec 7.1, http/request-id.ts) and gives a new id
 * otherwise. Values that are not visible ASCII cannot be header values, nor valid ids: left out.
 */
function shownRequestId(head: string): [string, string][] {
  const lines = head.split(/\r?\n/);
  return lines.flatMap((line) => {
    const value = /^x-request-id:[ \t]*(.*?)[ \t]*$/i.exec(line)?.[1];
    return value !== undefined && /^[\x21-\x7e]+(?:[ \t]+[\x21-\x7e]+)*$/.test(value) ? [['x-request-id', value] as [string, string]] : [];
  });
}

/**
 * The head (request line and header lines) of the request the parser failed in: from its request
 * line, or from the end of the head before it (pipelined requests), or from the packet's start
 * when the head began in an earlier packet, up to its blank line.
 */
function failingHead(error: ParserError): string {
  const packet = error.rawPacket?.toString('latin1') ?? '';
  const failedAt = Math.min(error.bytesParsed ?? 0, packet.length);
  const lineStart = packet.lastIndexOf('\n', failedAt - 1) + 1;
  const requestLines = [...packet.slice(0, lineStart + 8192).matchAll(/(?:^|\n)[!#$%&'*+.^_`|~0-9A-Za-z-]+ \S+ HTTP\/1\.[01]\r?\n/g)];
  const lastRequestLine =
    requestLines
      .map((match) => match.index + (match[0].startsWith('\n') ? 1 : 0))
      .filter((index) => index <= lineStart)
      .at(-1) ?? 0;
  const previousHeadEnd = lineStart >= 2 ? packet.lastIndexOf('\n\r\n', lineStart - 2) : -1;
  const start = Math.max(lastRequestLine, previousHeadEnd < 0 ? 0 : previousHeadEnd + 3);
  const end = packet.indexOf('\r\n\r\n', start);
  return packet.slice(start, end < 0 ? packet.length : end);
}

export function describe(error: ParserError): string {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return `The request line and headers are larger than ${Math.round(maxHeaderSize / 1024)} KB.`;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'The request did not arrive in time.';
    case 'HPE_INVALID_EOF_STATE':
      return 'The connection ended before the request did.';
    case 'HPE_INVALID_METHOD':
      return 'The request line is not `METHOD target HTTP/1.1`.';
    default:
      return `The request is not valid HTTP/1.1${error.reason ? `: ${error.reason.replace(/\.$/, '')}` : ''}.`;
  }
}
