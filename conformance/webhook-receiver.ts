// The suite's own webhook receiver: a real node:http server on 127.0.0.1 that records every
// request with its raw body (spec 6.2: the signature is over the body exactly as received), and
// answers as a check tells it. Each check's webhook gets a path of its own, so the requests of one
// check are told apart from another's (and from anything else a tunnel forwards).
//
// Against a mock on this machine the webhooks point at the receiver itself (the mock must allow
// private webhook URLs); against a deployment they point at `--webhook-receiver-url`, a public
// HTTPS address that forwards here, to 127.0.0.1:`--webhook-receiver-port` (8787 by default,
// since the forwarder has to know the port before the run starts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = {
  method: string;
  path: string;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  rawBody: string;
  json: any;
  /** The receiver's clock when the request had arrived whole. */
  receivedAtMs: number;
};

/** How the receiver answers one request: a status alone (a short JSON body), or a status with a body and headers of the check's own (a long body, a redirect's Location). */
export type ReceiverAnswer = number | { status: number; body?: string; headers?: Record<string, string> };

export class WebhookReceiver {
  readonly received: ReceivedRequest[] = [];
  /** How each path answers; 200 where none was set. */
  readonly #answerers = new Map<string, (request: ReceivedRequest) => ReceiverAnswer>();
  readonly #waiters = new Set<() => void>();
  readonly #server: Server;
  readonly #publicUrl: string;

  private constructor(server: Server, publicUrl: string) {
    this.#server = server;
    this.#publicUrl = publicUrl;
  }

  static async start(options: { publicUrl?: string; port?: number } = {}): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, [value ?? ''].flat().join(', ')]));
        const path = request.url ?? '/';
        const received: ReceivedRequest = { method: request.method ?? '', path, headers, rawBody, json: parseJson(rawBody), receivedAtMs: Date.now() };
        const answer = receiver!.#answerers.get(path)?.(received) ?? 200;
        const { status, body, headers: answerHeaders } = typeof answer === 'number' ? { status: answer, body: undefined, headers: undefined } : answer;
        response.writeHead(status, { 'Content-Type': 'application/json', ...answerHeaders });
        response.end(body ?? (status < 300 ? '{"received":true}' : '{"error":"the conformance receiver fails this attempt on purpose"}'));
        receiver!.received.push(received);
        for (const wake of receiver!.#waiters) wake();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    receiver = new WebhookReceiver(server, options.publicUrl ?? local);
    return receiver;
  }

  /** The URL a webhook is created with for `path` (public when the run was given one). */
  urlFor(path: string): string {
    return `${this.#publicUrl}${path}`;
  }

  /** How requests to `path` are answered from now on (the status, or the status, body and headers, for each request). */
  answer(path: string, answer: (request: ReceivedRequest) => ReceiverAnswer): void {
    this.#answerers.set(path, answer);
  }

  /** The requests to `path` that `match` accepts, in the order they came. */
  requestsTo(path: string, match: (request: ReceivedRequest) => boolean = () => true): ReceivedRequest[] {
    return this.received.filter((request) => request.path === path && match(request));
  }

  /** The `count`-th request to `path` that `match` accepts (1-based), waiting for it at most `timeoutMs`. */
  async nth(path: string, count: number, timeoutMs: number, match?: (request: ReceivedRequest) => boolean): Promise<ReceivedRequest | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.requestsTo(path, match)[count - 1];
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.#waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.#waiters.add(wake);
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.#server.closeAllConnections();
      this.#server.close(() => resolve());
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
