// An IncomingMessage as the fetch Request the core takes, and what the core must know besides
// (http/handle.ts RequestInfo): the peer's address, a method fetch cannot carry, and why the
// request is malformed when it is. The URL is the listening origin and the target's path
// (request-target.ts); the Host header is checked (host-header.ts) and kept among the headers.
import type { IncomingMessage } from 'node:http';
import type { RequestInfo } from '../../http/handle.ts';
import { heldBodyRequest } from '../../wire/held-body.ts';
import { bodyStream } from './body-stream.ts';
import { hostProblem } from './host-header.ts';
import { refuseLaterRequests } from './in-flight.ts';
import { readTarget, routedUrl } from './request-target.ts';

export type Incoming = { request: Request; info: RequestInfo };

// Bodies that declare a length within the API's limit are read here at once and held beside the
// Request; others stream into the core, which stops reading at the limit (413 body_too_large).
export const BUFFERED_BODY_LIMIT = 1 << 20;

/** Methods fetch refuses to put in a Request (its "forbidden methods"); node:http parses them. */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** `cut` aborts, with the reason, when the parser fails inside the body (node/in-flight.ts). */
export async function toRequest(incoming: IncomingMessage, origin: string, signal: AbortSignal, cut: AbortSignal): Promise<Incoming> {
  const target = readTarget(incoming.url ?? '/');
  const authority = target.kind === 'path' ? target.authority : undefined;
  const url = (target.kind === 'path' && routedUrl(origin, target.pathAndQuery)) || `${origin}/`;
  const sent = incoming.method ?? 'GET';
  const method = FETCH_FORBIDDEN_METHODS.has(sent) ? 'GET' : sent;
  const info: RequestInfo = { clientAddress: incoming.socket.remoteAddress, method: method === sent ? undefined : sent };
  const init = { method, headers: headersOf(incoming, authority), signal };
  const malformed =
    target.kind === 'malformed'
      ? target.detail
      : routedUrl(origin, target.pathAndQuery)
        ? hostProblem(incoming, authority)
        : 'The request target is not a valid path.';
  if (malformed !== undefined) {
    // Synchronously, before node:http hands over a request pipelined behind this one.
    refuseLaterRequests(incoming.socket);
    return { request: new Request(url, init), info: { ...info, malformed } };
  }
  if (method === 'GET' || method === 'HEAD') return { request: new Request(url, init), info };
  const length = Number(incoming.headers['content-length'] ?? NaN);
  if (length > BUFFERED_BODY_LIMIT || Number.isNaN(length)) {
    return { request: new Request(url, { ...init, body: bodyStream(incoming, cut), duplex: 'half' } as RequestInit), info };
  }
  try {
    return { request: heldBodyRequest(url, init, await Promise.race([readAll(incoming), cutShort(cut)])), info };
  } catch (error) {
    // The parser failed inside the body, or the connection ended there (fewer bytes than Content-Length said).
    const malformed = typeof error === 'string' ? error : 'The request body ended before its declared length.';
    return { request: new Request(url, init), info: { ...info, malformed } };
  }
}

/** A promise that rejects with the cut's reason (a sentence) once the request is cut. */
function cutShort(cut: AbortSignal): Promise<never> {
  const stopped = new Promise<never>((_, reject) => {
    if (cut.aborted) reject(cut.reason);
    cut.addEventListener('abort', () => reject(cut.reason), { once: true });
  });
  stopped.catch(() => undefined);
  return stopped;
}

/**
 * The headers as sent. For an absolute-form target the target's authority is the Host
 * (RFC 9112 3.2.2: the origin server ignores the received Host and uses the target's).
 */
function headersOf(incoming: IncomingMessage, authority: string | undefined): [string, string][] {
  const headers: [string, string][] = [];
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    const name = incoming.rawHeaders[i]!;
    if (authority === undefined || name.toLowerCase() !== 'host') headers.push([name, incoming.rawHeaders[i + 1]!]);
  }
  if (authority !== undefined) headers.push(['Host', authority]);
  return headers;
}

async function readAll(incoming: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
