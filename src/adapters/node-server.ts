// The standalone face: node:http in front of the mock's core. It turns an IncomingMessage into
// a fetch Request (streaming the body), calls `handle`, and streams the Response back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
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
  const request = toRequest(incoming);
  const response = await mock.handle(request, { clientAddress: incoming.socket.remoteAddress });
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  outgoing.writeHead(response.status, headers);
  if (!response.body || incoming.method === 'HEAD') return void outgoing.end();
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as never).on('error', reject).pipe(outgoing).on('finish', resolve).on('error', reject);
  });
}

function toRequest(incoming: IncomingMessage): Request {
  const url = `http://${incoming.headers.host ?? '127.0.0.1'}${incoming.url ?? '/'}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  return new Request(url, {
    method: incoming.method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream) : null,
    duplex: 'half',
  } as RequestInit);
}
