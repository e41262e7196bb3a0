// The standalone face: node:http in front of the mock's core. It turns an IncomingMessage into
// a fetch Request (node/incoming-request.ts), calls the core, and writes the Response back. Bodies
// of up to 1 MB and JSON answers pass as held bytes and text (wire/held-body.ts), larger bodies
// as streams.
//
// Every answer comes from the core, with X-Request-Id and the error envelope (issue 15): also
// those node:http would give itself, to a request its parser refuses (`clientError`), a CONNECT
// (`connect`), an `Expect` it does not know (`checkExpectation`) or a missing Host header.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RequestInfo } from '../http/handle.ts';
import { heldTextOf } from '../wire/held-body.ts';
import { DEFAULT_ORIGIN, type Mock } from '../mock.ts';
import { describe, peerGone, refusedRequest } from './node/client-error.ts';
import { afterRefusal, answered, track, unfinished } from './node/in-flight.ts';
import { BUFFERED_BODY_LIMIT, toRequest } from './node/incoming-request.ts';
import { writeRawAnswer } from './node/raw-answer.ts';
import { lastResortAnswer } from './node/last-resort.ts';

export type RunningServer = { url: string; server: Server; close(): Promise<void> };

export async function startServer(mock: Mock, { port = 0, host = '127.0.0.1' } = {}): Promise<RunningServer> {
  // The routed URL is the listening origin and the request's path: never the Host header.
  let origin = '';
  const onRequest = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    // Behind a request refused on arrival the framing cannot be trusted: nothing more runs, and
    // the refusal's answer closes the connection (node/in-flight.ts).
    if (afterRefusal(incoming.socket)) return void incoming.resume();
    const { cut } = track(incoming, outgoing);
    serve(mock, origin, incoming, outgoing, cut.signal).catch((error: unknown) => {
      console.error('[crmkit] the node adapter failed', error);
      if (outgoing.headersSent) return void outgoing.destroy();
      const { status, headers, body } = lastResortAnswer(mock);
      outgoing.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body);
    });
  };
  // A missing Host is the core's 400 (node/host-header.ts), not node's bare one.
  const server = createServer({ requireHostHeader: false }, onRequest);
  // A client that half-closes after sending its requests (pipelined, or a body it ended early)
  // still reads every answer: by default node:http takes the half-close for an abort and drops
  // the answers still owed.
  // (`httpAllowHalfOpen`: a property of node:http's Server that @types/node does not declare.)
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // `Expect: 100-continue`: a body declared over the limit is refused (413) without asking for it.
  server.on('checkContinue', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (!(Number(incoming.headers['content-length']) > BUFFERED_BODY_LIMIT)) outgoing.writeContinue();
    onRequest(incoming, outgoing);
  });
  // Another expectation is ignored, as RFC 9110 10.1.1 allows, rather than answered by node's bare 417.
  server.on('checkExpectation', onRequest);
  server.on('connect', (incoming: IncomingMessage, socket: Duplex) => {
    // CONNECT has no operation: the core answers 405 (http/handle.ts), with the caller's X-Request-Id if valid (spec 7.1).
    const info: RequestInfo = { clientAddress: incoming.socket.remoteAddress, method: incoming.method };
    const requestId = [incoming.headers['x-request-id'] ?? []].flat().join(', ');
    void answerRaw(mock, socket, new Request(`${origin}/`, { headers: requestId ? { 'x-request-id': requestId } : {} }), info);
  });
  server.on('clientError', (error: Error, socket: Duplex) => {
    if (peerGone(error, socket)) return void socket.destroy();
    // Inside a request's body: that request answers (400, or what it already answered), then the connection ends.
    const open = unfinished(socket);
    if (open) {
      open.cut.abort(describe(error));
      return void open.done.then(() => socket.end());
    }
    const { request, info } = refusedRequest(error, origin, (socket as { remoteAddress?: string }).remoteAddress);
    void answerRaw(mock, socket, request, info);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;
  adoptOrigin(mock, origin);
  return {
    url: origin,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function serve(mock: Mock, origin: string, incoming: IncomingMessage, outgoing: ServerResponse, cut: AbortSignal): Promise<void> {
  // The request's signal aborts when the client goes away before its answer (a hung call ends then).
  const gone = new AbortController();
  outgoing.once('close', () => {
    if (!outgoing.writableFinished) gone.abort();
  });
  const { request, info } = await toRequest(incoming, origin, gone.signal, cut);
  const response = await mock.respond(request, info);
  // A dropped connection on demand (/_mock/failures): no answer at all.
  if (response.type === 'error') return void incoming.socket.destroy();
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  // The core's answers are small JSON or HTML built in memory: one write beats a stream pipe.
  const body =
    incoming.method === 'HEAD'
      ? undefined
      : (heldTextOf(response) ?? (response.body ? new Uint8Array(await response.arrayBuffer()) : undefined));
  // The connection ends after a malformed request (its framing cannot be trusted) and after a
  // body refused on its declared length under `Expect: 100-continue` (the client will not send
  // it). A body the core did not read to its end (413 body_too_large, a body on GET) is drained
  // by node:http behind the answer instead: closing at once would reset a client still sending
  // it before it reads the answer (RFC 9112 9.6).
  const closes = info.malformed !== undefined || (!incoming.complete && /100-continue/i.test(incoming.headers.expect ?? ''));
  if (closes) headers.connection = 'close';
  else if (!incoming.complete && outgoing.shouldKeepAlive) closeIfNotDrained(incoming);
  if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  outgoing.writeHead(response.status, headers);
  // A client that asked to close (`Connection: close`, HTTP/1.0) and is still sending the body:
  // node:http would close once the answer is written, with unread bytes, which resets the
  // connection before the client reads the answer (issue 24: 36 of 340 bodies over 1 MB sent in
  // one write). The answer is written whole at once, and the connection ends once the body has.
  if (!closes && !incoming.complete && !outgoing.shouldKeepAlive) return void endOnceDrained(incoming, outgoing, body);
  outgoing.end(body);
}

function endOnceDrained(incoming: IncomingMessage, outgoing: ServerResponse, body: string | Uint8Array | undefined): void {
  if (body !== undefined) outgoing.write(body);
  const end = () => {
    clearTimeout(timer);
    if (!outgoing.writableEnded) outgoing.end();
  };
  const timer = setTimeout(end, DRAIN_MS).unref();
  incoming.removeAllListeners('data');
  incoming.once('end', end).once('close', end).resume();
}

/**
 * The rest of a body nobody reads is discarded (as node:http's own dump does), so that the
 * connection's next request is read; one that does not end within DRAIN_MS of its answer (a
 * client sending without end) ends its connection.
 */
const DRAIN_MS = 10_000;

function closeIfNotDrained(incoming: IncomingMessage): void {
  incoming.removeAllListeners('data');
  incoming.resume();
  const timer = setTimeout(() => incoming.socket.destroy(), DRAIN_MS).unref();
  incoming.once('end', () => clearTimeout(timer)).once('close', () => clearTimeout(timer));
}

/** The core's answer written onto the socket itself, after the answers still owed on it; then the connection ends. */
async function answerRaw(mock: Mock, socket: Duplex, request: Request, info: RequestInfo): Promise<void> {
  try {
    const reopen = keepOpenForRawAnswer(socket);
    await answered(socket);
    const response = await mock.respond(request, info);
    reopen();
    if (response.type === 'error') return void socket.destroy();
    await writeRawAnswer(socket, response);
  } catch (error) {
    console.error('[crmkit] the node adapter failed', error);
    socket.destroy();
  }
}

/**
 * node:http ends the connection once the answer in flight is written when the client has
 * half-closed (its requests sent) or that answer closes: the refusal written after it would be
 * lost (it was, whenever the answer in flight was slow: a handler's first load, a loaded
 * machine). Until the refusal is ready to write, node's ending of the socket is ignored; the
 * refusal then ends the connection itself. Returns what puts the socket's own methods back.
 */
function keepOpenForRawAnswer(socket: Duplex): () => void {
  const held = socket as Duplex & { destroySoon?: () => void };
  const { end, destroySoon } = held;
  held.end = () => held;
  held.destroySoon = () => undefined;
  return () => Object.assign(held, { end, destroySoon });
}

/**
 * A mock made without `urls` takes the server's origin as its own, so the links it writes (the
 * hosted form page, the hub's OAuth pages, a workspace's URL) lead back to this server, also on
 * port 0. URLs a mock was given stand.
 */
function adoptOrigin(mock: Mock, origin: string): void {
  const { urls } = mock.state.config;
  if (Object.values(urls).every((url) => url === DEFAULT_ORIGIN))
    mock.state.config.urls = { base_url: origin, hub_url: origin, workspace_url: origin };
}
