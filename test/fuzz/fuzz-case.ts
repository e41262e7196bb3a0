// A fuzz case: the bytes sent, the requests they hold (for judging each answer by its
// operation), and how they travel: on a shared keep-alive connection (one well-framed request,
// one answer) or `alone` on a connection of their own, half-closed after sending, with every
// answer read until the server closes.
import { requestBytes, type RawRequest } from './request-bytes.ts';
import type { Rng } from './rng.ts';
import { fillPath, type KnownIds, type OperationSample } from './samples.ts';

export type SentRequest = { method: string; target: string };

export type FuzzCase = {
  mutator: string;
  operationId: string;
  /** What each request of the bytes asked for, in order, as far as the sender can tell. */
  requests: SentRequest[];
  bytes: Buffer;
  alone: boolean;
  /** At least this many answers (an alone case whose bytes hold no request may see none). */
  minAnswers: number;
  /** The bytes may break HTTP/1.1 on purpose: a 400 `malformed_request` is a right answer (otherwise a wrong one). */
  malformedAllowed: boolean;
};

export type CaseContext = {
  rng: Rng;
  sample: OperationSample;
  samples: readonly OperationSample[];
  /** An owner key of the fuzz workspace (every scope). */
  key: string;
  /** The owner's web app session (`svc_session=...`), for operations that take no key. */
  cookie: string;
  /** The Host header of the listening server, `127.0.0.1:port`. */
  host: string;
  known: KnownIds;
};

export type Mutator = { name: string; make(context: CaseContext): FuzzCase };

/** The operation's sample request, well formed: its path, credentials and documented body example. */
export function baseRequest(context: CaseContext, sample = context.sample): RawRequest {
  const { operation, body } = sample;
  const headers: [string, string][] = [
    ['Host', context.host],
    ['Accept', 'application/json'],
  ];
  if (operation.acceptsBearer) headers.push(['Authorization', `Bearer ${context.key}`]);
  else if (operation.acceptsSession) headers.push(['Cookie', context.cookie]);
  if (body) headers.push(['Content-Type', body.mediaType]);
  return {
    method: operation.method,
    target: fillPath(sample, context.rng, context.known),
    headers,
    body: body ? encodeBody(body.mediaType, body.example) : undefined,
  };
}

export function encodeBody(mediaType: string, value: unknown): Buffer {
  if (mediaType === 'application/x-www-form-urlencoded') {
    const entries = Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]);
    return Buffer.from(new URLSearchParams(entries).toString());
  }
  return Buffer.from(JSON.stringify(value));
}

/** A case of one request. */
export function caseOf(
  context: CaseContext,
  mutator: string,
  request: RawRequest,
  options: { alone?: boolean; malformed?: boolean } = {},
): FuzzCase {
  return {
    mutator,
    operationId: context.sample.operation.id,
    requests: [{ method: request.method, target: request.target }],
    bytes: requestBytes(request),
    alone: options.alone ?? false,
    minAnswers: 1,
    malformedAllowed: options.malformed ?? false,
  };
}

/** A case of raw bytes on a connection of its own. */
export function rawCase(context: CaseContext, mutator: string, bytes: Buffer, requests: SentRequest[], minAnswers = 1): FuzzCase {
  return { mutator, operationId: context.sample.operation.id, requests, bytes, alone: true, minAnswers, malformedAllowed: true };
}

export function setHeader(headers: [string, string][], name: string, value: string | undefined): [string, string][] {
  const rest = headers.filter(([n]) => n.toLowerCase() !== name.toLowerCase());
  return value === undefined ? rest : [...rest, [name, value]];
}
