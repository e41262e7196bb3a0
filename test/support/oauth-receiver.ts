// An app's server for the OAuth tests, on 127.0.0.1: its redirect URI answers a small page (where
// a browser lands after consent), and its webhook URL records the lifecycle events it receives
// with their raw bodies, so that a test can verify signatures as spec 6.2 tells a receiver to.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedEvent = { headers: Record<string, string | undefined>; rawBody: string; body: any };

export type Receiver = {
  origin: string;
  redirectUri: string;
  webhookUrl: string;
  events: ReceivedEvent[];
  /** Every lifecycle POST, refused ones included. */
  attempts: ReceivedEvent[];
  /** How many of the next lifecycle POSTs to answer 503, as a receiver that is down. */
  refuseNext: number;
  /** The first event that matches, once it has arrived (deliveries run after the change commits). */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const events: ReceivedEvent[] = [];
  const attempts: ReceivedEvent[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://receiver').pathname;
      if (request.method === 'POST' && path === '/lifecycle') {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, [value].flat().join(', ')]));
        const event = { headers, rawBody, body: JSON.parse(rawBody) };
        attempts.push(event);
        if (receiver.refuseNext > 0) {
          receiver.refuseNext--;
          response.writeHead(503).end();
          return;
        }
        events.push(event);
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && path === '/callback') {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Connected</title><p>Back at the app.</p>');
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const receiver: Receiver = {
    origin,
    redirectUri: `${origin}/callback`,
    webhookUrl: `${origin}/lifecycle`,
    events,
    attempts,
    refuseNext: 0,
    async waitFor(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such lifecycle event arrived; got ${events.map((event) => event.body.type).join(', ') || 'none'}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return receiver;
}

/** Spec 6.2 from the receiver's side: HMAC-SHA256 keyed with the secret over `t.body`, compared in constant time. */
export function signatureValid(event: ReceivedEvent, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(event.headers['svc-signature'] ?? '');
  if (!match || match[1] !== event.headers['svc-timestamp']) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${event.rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
