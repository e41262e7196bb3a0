// The one webhook receiver of crmkit: the conformance suite, the scenario runner and the tests all
// start this one. A real node:http server on 127.0.0.1 (port 0 unless given) that records every
// request with its headers and its raw body (spec 6.2: the signature is over the body exactly as
// received), answers as its user programs it (a status, a body, headers, a delay, or no answer at
// all; per path or for every path, knowing which attempt at that path it answers: retries, spec
// 6.3), and lets its user wait for a request that matches.
//
// Against a deployment the webhooks point at a public address (`--webhook-receiver-url`, a tunnel
// that forwards to 127.0.0.1:`port`); `url(path)` gives that address plus the path, so the
// requests of one check or story are told apart by path.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitingFor } from './waiting.ts';

export type ReceivedRequest = {
  method: string;
  /** The request target as sent: path and query. */
  path: string;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The body exactly as received (UTF-8), for signature checks. */
  rawBody: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: any;
  /** The receiver's clock (real time unless `clock` was given) when the request had arrived whole. */
  receivedAtMs: number;
  /** The status answered; null when the receiver did not answer ('hang'). */
  answered: number | null;
};

/**
 * How one request is answered: a status alone (with a short JSON body), a status with a body, headers
 * and a delay before answering of the caller's own, or 'hang' (never answered: the sender's timeout).
 */
export type ReceiverAnswer = number | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang';

/** Answers a request; `attempt` is its number among the requests to the same path (1 for the first). */
export type Answerer = (request: ReceivedRequest, attempt: number) => ReceiverAnswer;

export type ReceiverOptions = {
  /** The local port (0: any free one). A tunnel has to know it before the run starts. */
  port?: number;
  /** A public address that forwards to this receiver; `url()` builds on it instead of the local origin. */
  publicUrl?: string;
  /** The clock `receivedAtMs` is read from (a test may use a workspace's moved clock); real time by default. */
  clock?: () => number;
};

const EVERY_PATH = '*';
const OK_BODY = '{"received":true}';
const FAILED_BODY = '{"error":"the receiver fails this attempt on purpose"}';

export class WebhookReceiver {
  readonly received: ReceivedRequest[] = [];
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly #publicUrl: string;
  readonly #server: Server;
  readonly #answerers = new Map<string, Answerer>();
  readonly #attempts = new Map<string, number>();
  readonly #waiters = new Set<() => void>();
  readonly #hanging = new Set<ServerResponse>();
  readonly #clock: () => number;

  private constructor(server: Server, options: ReceiverOptions) {
    this.#server = server;
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.#publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? this.origin;
    this.#clock = options.clock ?? Date.now;
  }

  static async start(options: ReceiverOptions = {}): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(
          Object.entries(request.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, [value].flat().join(', ')]])),
        );
        const received: ReceivedRequest = {
          method: request.method ?? '',
          path: request.url ?? '/',
          headers,
          rawBody,
          json: parseJson(rawBody),
          receivedAtMs: receiver!.#clock(),
          answered: null,
        };
        void receiver!.#respond(received, response);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    receiver = new WebhookReceiver(server, options);
    return receiver;
  }

  /** The URL a webhook is created with to reach `path` here (the public address when there is one). */
  url(path = '/hooks'): string {
    return `${this.#publicUrl}${path}`;
  }

  /** How requests to `path` are answered from now on (200 where nothing was said). */
  answer(path: string, answerer: Answerer): void {
    this.#answerers.set(pathOnly(path), answerer);
  }

  /** How requests to every path are answered from now on; it replaces the answers given for single paths. */
  answerEvery(answerer: Answerer): void {
    this.#answerers.clear();
    this.#answerers.set(EVERY_PATH, answerer);
  }

  /** Forgets what was received and how to answer (a test's fresh start). */
  reset(): void {
    this.received.length = 0;
    this.#answerers.clear();
    this.#attempts.clear();
  }

  /** The requests to `path` (its query aside) that `match` accepts, in the order they came. */
  requestsTo(path: string, match: (request: ReceivedRequest) => boolean = () => true): ReceivedRequest[] {
    return this.received.filter((request) => pathOnly(request.path) === pathOnly(path) && match(request));
  }

  /** The `count`-th request (1-based) that `match` accepts, waiting for it at most `timeoutMs`; undefined when it did not come. */
  async waitFor(match: (request: ReceivedRequest) => boolean, timeoutMs: number, count = 1): Promise<ReceivedRequest | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.filter(match)[count - 1];
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await this.#nextArrival(left);
    }
  }

  /** The `count`-th request to `path` that `match` accepts, waiting for it at most `timeoutMs`. */
  nth(
    path: string,
    count: number,
    timeoutMs: number,
    match: (request: ReceivedRequest) => boolean = () => true,
  ): Promise<ReceivedRequest | undefined> {
    const what = `${count === 1 ? 'a delivery' : `delivery ${count}`} to ${pathOnly(path)} at the webhook receiver`;
    return waitingFor(what, timeoutMs, () =>
      this.waitFor((request) => pathOnly(request.path) === pathOnly(path) && match(request), timeoutMs, count),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      for (const response of this.#hanging) response.destroy();
      this.#server.closeAllConnections();
      this.#server.close(() => resolve());
    });
  }

  async #respond(received: ReceivedRequest, response: ServerResponse): Promise<void> {
    const path = pathOnly(received.path);
    const attempt = (this.#attempts.get(path) ?? 0) + 1;
    this.#attempts.set(path, attempt);
    const answerer = this.#answerers.get(path) ?? this.#answerers.get(EVERY_PATH);
    const answer = answerer?.(received, attempt) ?? 200;
    if (answer === 'hang') {
      this.#hanging.add(response);
      return this.#record(received);
    }
    const { status, body, headers, delayMs } =
      typeof answer === 'number' ? { status: answer, body: undefined, headers: undefined, delayMs: undefined } : answer;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(body ?? (status < 300 ? OK_BODY : FAILED_BODY));
    // Recorded once answered: whoever waits for it may look at the sender's log of the attempt.
    this.#record({ ...received, answered: status });
  }

  #record(received: ReceivedRequest): void {
    this.received.push(received);
    for (const wake of this.#waiters) wake();
  }

  #nextArrival(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.#waiters.add(wake);
    });
  }
}

function pathOnly(target: string): string {
  return target.split('?')[0]!;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
