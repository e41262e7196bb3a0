// A real HTTP receiver for webhook deliveries: node:http on 127.0.0.1, port 0. It records every
// request with its raw body, and answers as the test tells it (status, body, headers, or not at
// all), so tests see exactly what went over the wire.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { method: string; path: string; headers: IncomingHttpHeaders; rawBody: string; body: any; /** `stamp()` when it came: the test's clock of choice (real time by default). */ atMs: number };

export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export type Receiver = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  url(path?: string): string;
  received: Received[];
  /** The clock `atMs` is read from; real time by default. */
  stamp: () => number;
  /** How the next requests are answered; 200 by default. */
  answer: (request: Received) => Answer;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: Receiver = {
    origin: '',
    url: (path = '/hooks') => `${receiver.origin}${path}`,
    received: [],
    stamp: () => Date.now(),
    answer: () => ({ status: 200, body: '{"received":true}' }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const received: Received = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, rawBody, body: safeParse(rawBody), atMs: receiver.stamp() };
      receiver.received.push(received);
      const answer = receiver.answer(received);
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
