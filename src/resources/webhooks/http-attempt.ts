// One attempt of a delivery over the network (spec 6.3, 8), with undici: a POST that must get a
// 2xx answer within 10 seconds; up to 3 redirects, only to the same host and scheme (followed by
// hand: undici's redirect interceptor would follow them to any origin); at most 1 MB of the
// answer read and its first 2 KB kept; and before connecting, the addresses a name resolves to
// checked against the URL rules. Nothing here touches the workspace: the caller records the
// outcome in a transaction of its own, so no transaction waits on the network.
//
// Node-only (undici, node:dns): the queue loads it through webhook-sender.ts at run time.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, request, type Dispatcher } from 'undici';
import type { AttemptOutcome, AttemptRequest } from './attempt-outcome.ts';
import { addressAllowed, urlProblem } from './webhook-url.ts';

export type { AttemptOutcome, AttemptRequest } from './attempt-outcome.ts';

export const ANSWER_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;
export const MAX_READ_BYTES = 1024 * 1024;
export const KEPT_BYTES = 2048;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type AttemptOptions = {
  dispatcher: Dispatcher;
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Only for a named fault (src/faults/areas/webhooks-attempts.ts): how redirects are followed instead of spec 6.3's way. */
  redirects?: RedirectPolicy;
};

/** How many redirects are followed, and whether to any host and scheme (spec 6.3: 3, the same host and scheme). */
export type RedirectPolicy = { max: number; anyHost: boolean };

/** The agent deliveries go through: its sockets refuse names that resolve to non-public addresses. */
export function deliveryAgent(allowPrivate: boolean): Agent {
  return new Agent({
    headersTimeout: ANSWER_TIMEOUT_MS,
    bodyTimeout: ANSWER_TIMEOUT_MS,
    connect: { timeout: ANSWER_TIMEOUT_MS, lookup: guardedLookup(allowPrivate) as never },
  });
}

export class AddressNotAllowedError extends Error {
  readonly code = 'ERR_WEBHOOK_ADDRESS_NOT_ALLOWED';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * RFC 6761 6.4: names under `.invalid` never resolve, and resolvers "SHOULD always return
 * immediate negative responses". A webhook may point there (its URL passes the rules of spec
 * 4.11, checked on the name as written): each attempt is a connection error at once, with no
 * query sent to the machine's resolver. The conformance suite's webhooks point there when no
 * receiver is reachable (conformance/kits/webhook-kit.ts).
 */
export function neverResolves(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'invalid' || name.endsWith('.invalid');
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
}

/** A `lookup` for the delivery sockets that refuses names resolving to addresses the rules forbid. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    if (neverResolves(hostname)) return callback(notFound(hostname), '', 4);
    dnsLookup(hostname, { ...options }, (error, address, family) => {
      if (error) return callback(error, address, family);
      const found: LookupAddress[] = Array.isArray(address) ? address : [{ address, family }];
      const refused = found.find((candidate) => !addressAllowed(hostname, candidate.address, allowPrivate));
      if (refused)
        return callback(
          new AddressNotAllowedError(`${hostname} resolves to ${refused.address}, which is not a public address`),
          address,
          family,
        );
      callback(null, address, family);
    });
  };
}

export async function sendAttempt(attempt: AttemptRequest, options: AttemptOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs ?? ANSWER_TIMEOUT_MS);
  const outcome = (fields: Omit<AttemptOutcome, 'latencyMs'>): AttemptOutcome => ({
    ...fields,
    latencyMs: Math.round(performance.now() - started),
  });
  const origin = new URL(attempt.url);
  let target = origin;
  for (let redirects = 0; ; redirects++) {
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(target, {
        method: 'POST',
        headers: attempt.headers,
        body: attempt.body,
        dispatcher: options.dispatcher,
        signal,
      });
    } catch (error) {
      return outcome({ success: false, responseStatus: null, responseBody: null, error: failureOf(error, signal) });
    }
    const location = answer.headers.location;
    if (REDIRECT_STATUSES.has(answer.statusCode) && typeof location === 'string') {
      await answer.body.dump().catch(() => {});
      const next = resolve(location, target);
      const refusal =
        redirects === (options.redirects?.max ?? MAX_REDIRECTS)
          ? 'too_many_redirects'
          : !next || (!options.redirects?.anyHost && (next.protocol !== origin.protocol || next.hostname !== origin.hostname))
            ? 'redirect_not_allowed'
            : urlProblem(next.href, options.allowPrivate)
              ? 'url_not_allowed'
              : null;
      if (refusal) return outcome({ success: false, responseStatus: answer.statusCode, responseBody: null, error: refusal });
      target = next!;
      continue;
    }
    // The status is the answer; a body that stalls or breaks afterwards keeps what was read.
    const responseBody = await readStart(answer.body);
    const success = answer.statusCode >= 200 && answer.statusCode < 300;
    return outcome({ success, responseStatus: answer.statusCode, responseBody, error: null });
  }
}

function resolve(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** Reads at most 1 MB of the body and keeps its first 2 KB as text. */
async function readStart(body: Dispatcher.ResponseData['body']): Promise<string> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let readBytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      readBytes += chunk.length;
      if (keptBytes < KEPT_BYTES) {
        const part = chunk.subarray(0, KEPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      if (readBytes >= MAX_READ_BYTES) break;
    }
  } catch {
    // Timeout or reset while reading: the start already read is what the log keeps.
  } finally {
    body.destroy();
  }
  // A multi-byte character cut at 2 KB decodes as U+FFFD, which keeps the text within 2048 characters.
  return new TextDecoder().decode(Buffer.concat(kept));
}

function failureOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timeout';
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AddressNotAllowedError || (cause as { code?: string }).code === 'ERR_WEBHOOK_ADDRESS_NOT_ALLOWED')
      return 'url_not_allowed';
    const code = (cause as { code?: string }).code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timeout';
  }
  return 'connection_error';
}
