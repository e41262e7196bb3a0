// The standalone face: node:http in front of the mock's core. It turns an IncomingMessage into
// a fetch Request, calls the core, and writes the Response back. Bodies of up to 1 MB and JSON
// answers pass as held bytes and text (http/held-body.ts), larger bodies as streams.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { heldBodyRequest, heldTextOf } from '../http/held-body.ts';
import type { Mock } from '../mock.ts';

export type RunningServer = { url: string; server: Server; close(): Promise<void> };

export async function startServer(mock: Mock, { port = 0, host = '127.0.0.1' } = {}): Promise<RunningServer> {
  const server = createServer((incoming, outgoing) => {
    serve(mock, incoming, outgoing).catch((error: unknown) => {
      console.error('[crmkit] the node adapter failed', error);
      if (!outgoing.headersSent) outgoing.writeHead(500);
      outgoing.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;
  return {
    url,
    server,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}

async function serve(mock: Mock, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  // The request's signal aborts when the client goes away before its answer (a hung call ends then).
  const gone = new AbortController();
  outgoing.once('close', () => {
    if (!outgoing.writableFinished) gone.abort();
  });
  const request = await toRequest(incoming, gone.signal);
  const response = await mock.respond(request, { clientAddress: incoming.socket.remoteAddress });
  // A dropped connection on demand (/_mock/failures): no answer at all.
  if (response.type === 'error') return void incoming.socket.destroy();
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  // The core's answers are small JSON or HTML built in memory: one write beats a stream pipe.
  const body = incoming.method === 'HEAD' ? undefined : (heldTextOf(response) ?? (response.body ? new Uint8Array(await response.arrayBuffer()) : undefined));
  // A body the core stopped reading (413 body_too_large) leaves bytes on the socket: close it
  // rather than let the client send its next request behind them.
  if (!incoming.complete) headers.connection = 'close';
  if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  outgoing.writeHead(response.status, headers);
  outgoing.end(body);
}

// Bodies that declare a length within the API's limit are read here at once and held beside the
// Request; others stream into the core, which stops reading at the limit (413 body_too_large).
const BUFFERED_BODY_LIMIT = 1 << 20;

async function toRequest(incoming: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const url = `http://${incoming.headers.host ?? '127.0.0.1'}${incoming.url ?? '/'}`;
  const headers: [string, string][] = [];
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.push([incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!]);
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  const length = Number(incoming.headers['content-length'] ?? NaN);
  const method = incoming.method ?? 'GET';
  if (!hasBody) return new Request(url, { method, headers, signal });
  if (length <= BUFFERED_BODY_LIMIT) return heldBodyRequest(url, { method, headers, signal }, await readAll(incoming));
  return new Request(url, { method, headers, signal, body: Readable.toWeb(incoming) as ReadableStream, duplex: 'half' } as RequestInit);
}

async function readAll(incoming: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
