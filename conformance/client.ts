// The suite's HTTP client: every request goes through it, so that every exchange is recorded for
// the observers and a failure can show what was sent and what came back.
import { Agent, request } from 'undici';
import { recordExchange, type Exchange } from './exchange.ts';
import { asOperationExchange, requestLine, type OperationExchange, type OperationId, type OperationParameters } from './operation-call.ts';
import type { Target } from './target.ts';

/** What the client needs of a target: its origins and the key it sends by default (a scenario's world has no more). */
export type ClientTarget = Pick<Target, 'baseUrl' | 'hubUrl' | 'workspaceUrl' | 'apiKey'>;

export type SendOptions = {
  /** `null` sends no Authorization header; the target's main key by default. */
  key?: string | null;
  body?: unknown;
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Which origin: the API by default. */
  origin?: 'base' | 'hub' | 'workspace';
  /** A 429 with Retry-After is waited out and sent again (up to 3 times), unless a check wants to see it. */
  honorRetryAfter?: boolean;
};

const MAX_RETRY_AFTER_SECONDS = 60;

export class ConformanceClient {
  readonly exchanges: Exchange[] = [];
  readonly #agent = new Agent({ connections: 8, headersTimeout: 30_000, bodyTimeout: 30_000 });
  readonly #target: ClientTarget;
  readonly #onClose: (() => Promise<void>)[] = [];
  #sequence = 0;

  constructor(target: ClientTarget) {
    this.#target = target;
  }

  async send(method: string, path: string, options: SendOptions = {}): Promise<Exchange> {
    let exchange = await this.#sendOnce(method, path, options);
    for (let attempt = 0; attempt < 3 && options.honorRetryAfter !== false && exchange.status === 429; attempt++) {
      const seconds = Number(exchange.headers['retry-after']);
      if (!(seconds >= 0 && seconds <= MAX_RETRY_AFTER_SECONDS)) break;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      exchange = await this.#sendOnce(method, path, options);
    }
    return exchange;
  }

  /** Calls an operation by its operationId, with its parameters and body typed from the document (operation-call.ts). */
  async call<Id extends OperationId>(
    id: Id,
    { path, query, body, ...options }: OperationParameters<Id> & Omit<SendOptions, 'body' | 'rawBody'> = {},
  ): Promise<OperationExchange<Id>> {
    const line = requestLine(id, { path, query, body } as OperationParameters<OperationId>);
    return asOperationExchange<Id>(await this.send(line.method, line.path, body === undefined ? options : { ...options, body }));
  }

  async #sendOnce(method: string, path: string, options: SendOptions): Promise<Exchange> {
    const url = `${this.#origin(options.origin)}${path}`;
    const sentRequestId = options.headers?.['x-request-id'] ?? `conf-${Date.now().toString(36)}-${++this.#sequence}`;
    const headers: Record<string, string> = { 'x-request-id': sentRequestId, ...options.headers };
    const key = options.key === undefined ? this.#target.apiKey : options.key;
    if (key) headers.authorization = `Bearer ${key}`;
    let body = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await this.#request(url, { method: method as 'GET', headers, body, dispatcher: this.#agent });
    const text = await response.body.text();
    const exchange = recordExchange({
      method,
      url,
      requestHeaders: headers,
      requestBody: typeof body === 'string' ? body : body ? `<${body.length} bytes>` : undefined,
      status: response.statusCode,
      responseHeaders: response.headers,
      text,
      sentRequestId,
    });
    this.exchanges.push(exchange);
    return exchange;
  }

  /**
   * A server may close a keep-alive connection after refusing a body it did not read (413): the
   * next request on that socket is reset before it was sent, so it is sent once more.
   */
  async #request(url: string, options: Parameters<typeof request>[1]): ReturnType<typeof request> {
    try {
      return await request(url, options);
    } catch (error) {
      if (!['ECONNRESET', 'UND_ERR_SOCKET'].includes((error as { code?: string }).code ?? '')) throw error;
      return request(url, options);
    }
  }

  /** Something the run started for this client (the hub's browser, conformance/kits/hub-browser.ts), ended when it closes. */
  whenClosed(step: () => Promise<void>): void {
    this.#onClose.push(step);
  }

  async close(): Promise<void> {
    for (const step of this.#onClose.splice(0)) await step().catch(() => {});
    await this.#agent.close();
  }

  #origin(origin: SendOptions['origin']): string {
    if (origin === 'hub') return this.#target.hubUrl;
    if (origin === 'workspace') return this.#target.workspaceUrl;
    return this.#target.baseUrl;
  }
}
