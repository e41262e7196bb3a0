// The two sides a sequence runs on: the target, through the suite's own client (every exchange
// recorded, a 429's Retry-After waited out), at a pace below the rate given; and the oracle, a
// workspace of a crmkit mock in this process, called through its `handle` as a server would. Each
// side keeps the ids its creates answered, by the step that made them, and every answer by step.
// Each side may also send as a second workspace (the target's `other_workspace` key; a second
// workspace of the oracle's mock): spec 1, "a credential gives access to exactly one workspace".
import { ConformanceClient } from '../client.ts';
import { recordExchange, type Exchange } from '../exchange.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import { addCustomFields } from './custom-fields.ts';
import { addConversations } from './conversations.ts';
import { addPeople, type Poster } from './members.ts';

/** Whom a request is sent as: the run's workspace, or a second one (none given: such steps are skipped). */
export type Sender = 'own' | 'other-workspace';

export type Side = {
  name: 'target' | 'oracle';
  send(method: string, path: string, body: unknown, as?: Sender): Promise<Exchange>;
  /** Whether the side has a second workspace to send as. */
  hasOtherWorkspace: boolean;
  /** The id each create made, by its step. */
  ids: Map<number, string>;
  /** Each step's answer, for the cursors later steps take. */
  answers: Map<number, Exchange>;
  /** The stages of each pipeline read so far, by pipeline id. */
  stages: Map<string, { id: string; type: string }[]>;
  /**
   * Waits until the work that fell due on the side has run (a mock's clock moved by 0 seconds:
   * its deliveries queued and their attempts made); none on a deployment.
   */
  settle?: (() => Promise<void>) | undefined;
};

/** A mock workspace's clock moved by nothing: answered once everything that fell due has run (the control API's setClock). */
export const SETTLE_PATH = (workspaceId: string) => `/_mock/workspaces/${encodeURIComponent(workspaceId)}/clock`;
export const SETTLE_BODY = { advance_seconds: 0 };

/** The target side: sends through `client`, no faster than `rate` calls a second (0: no pace); as the other workspace with `otherKey`; `people`: the members.ts people it has, by reference. */
export function targetSide(
  client: ConformanceClient,
  pace: Pace,
  otherKey: string | undefined,
  people: Map<number, string>,
  settle?: () => Promise<void>,
): Side {
  return {
    name: 'target',
    settle,
    hasOtherWorkspace: otherKey !== undefined,
    ids: new Map(people),
    answers: new Map(),
    stages: new Map(),
    send: async (method, path, body, as = 'own') => {
      await pace.wait();
      const key = as === 'other-workspace' ? { key: otherKey } : {};
      return client.send(method, path, body === undefined ? key : { body, ...key });
    },
  };
}

/** One pace for every call a run sends to the target (replays and cleanup included). */
export class Pace {
  readonly #gapMs: number;
  #next = 0;

  constructor(callsPerSecond: number) {
    this.#gapMs = callsPerSecond > 0 ? 1000 / callsPerSecond : 0;
  }

  async wait(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#gapMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

const ORACLE_ORIGIN = 'http://oracle.crmkit.invalid';

/**
 * The oracle's mock: one per run; each sequence (and each replay) gets a fresh workspace of it.
 * It delivers to 127.0.0.1 when the target does (the run's webhooks point at its own receiver).
 */
export function createOracle(allowPrivateWebhooks = false): Mock {
  return createMock({ urls: { base_url: ORACLE_ORIGIN, hub_url: ORACLE_ORIGIN, workspace_url: ORACLE_ORIGIN }, allowPrivateWebhooks });
}

/**
 * A fresh oracle workspace (with the custom fields of custom-fields.ts, and the people of
 * members.ts and the sequence's conversations of conversations.ts when the target has them too)
 * and a second one to send as.
 */
export async function oracleSide(mock: Mock, withPeople: boolean, conversationsMarker?: string): Promise<Side> {
  const [own, other] = [await workspaceKey(mock, true), await workspaceKey(mock, false)];
  const [key, otherKey] = [own.key, other.key];
  const post: Poster = async (path, body, headers) => {
    const answer = await call(mock, 'POST', path, undefined, body, headers);
    return answer.status < 300 ? answer.json : undefined;
  };
  const people = withPeople ? await addPeople(post, own.id) : new Map<number, string>();
  const conversations =
    conversationsMarker === undefined ? new Map<number, string>() : await addConversations(post, own.id, conversationsMarker);
  return {
    name: 'oracle',
    hasOtherWorkspace: true,
    ids: new Map([...people, ...conversations]),
    answers: new Map(),
    stages: new Map(),
    send: (method, path, body, as = 'own') => call(mock, method, path, as === 'own' ? key : otherKey, body),
    settle: async () => void (await call(mock, 'POST', SETTLE_PATH(own.id), undefined, SETTLE_BODY)),
  };
}

async function workspaceKey(mock: Mock, withFields: boolean): Promise<{ key: string; id: string }> {
  const created = await call(mock, 'POST', '/_mock/workspaces', undefined, {});
  const key: string = created.json?.api_key;
  if (!key) throw new Error(`the oracle made no workspace: ${created.status} ${created.text.slice(0, 200)}`);
  if (withFields) await addCustomFields((path, body) => call(mock, 'POST', path, undefined, body), created.json.workspace.id);
  return { key, id: created.json.workspace.id };
}

async function call(
  mock: Mock,
  method: string,
  path: string,
  key: string | undefined,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Exchange> {
  const url = `${ORACLE_ORIGIN}${path}`;
  const headers: Record<string, string> = {
    ...extraHeaders,
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  const requestBody = body === undefined ? undefined : JSON.stringify(body);
  const response = await mock.handle(new Request(url, { method, headers, body: requestBody }), { clientAddress: '127.0.0.1' });
  const text = await response.text();
  const responseHeaders = Object.fromEntries(response.headers);
  return recordExchange({
    method,
    url,
    requestHeaders: headers,
    requestBody,
    status: response.status,
    responseHeaders,
    text,
    sentRequestId: undefined,
  });
}
