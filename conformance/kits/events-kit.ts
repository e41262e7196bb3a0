// What the events checks share (spec 6.1, 6.4): who the suite's key is (its id and workspace, for
// `actor` and `workspace_id`), matching the event of one type about one record (a delivery may
// come before the answer that caused it, and the workspace may send other events: deliveries are
// matched by the ids of the records the check made), and judging the envelope of every event a
// check saw, at the receiver or in the delivery log, rule by rule.
import type { CheckContext } from '../context.ts';
import type { SeenEvent } from './delivery-log-feed.ts';
import type { Exchange } from '../exchange.ts';
import { RECEIVER_ONLY, type EventWebhook } from './webhook-kit.ts';
import { waitingFor } from '../../harness/waiting.ts';

export type Identity = { keyId: string; workspaceId: string };

/** The key's id and its workspace's id, from whoami (spec 4.1); skips when whoami does not answer. */
export async function keyIdentity(context: CheckContext): Promise<Identity> {
  const whoami = await context.client.call('getWhoami');
  if (whoami.status !== 200) context.skip(`whoami answered ${whoami.status}: the key's id and workspace (actor, workspace_id) are unknown`);
  const keyId = whoami.json?.id;
  const workspaceId = whoami.json?.workspace?.id ?? whoami.json?.workspace_id;
  if (typeof keyId !== 'string' || typeof workspaceId !== 'string')
    context.skip("whoami does not show the key's id and its workspace's id");
  return { keyId, workspaceId };
}

/**
 * Whether the delivery is an event of `type` about `recordId`: its `data.object.id` is that id, or
 * the same id under another of its type's prefixes (spec 2.2: the older long ones), so that an
 * event naming the record in the wrong form is still found, and fails events.data-object-is-the-record
 * instead of passing for missing.
 */
export const eventAbout = (type: string, recordId: string) => (request: SeenEvent) =>
  request.json?.type === type && sameIdBody(request.json?.data?.object?.id, recordId);

/** The part of an id after its prefix (spec 2.1: `<prefix>_<26 lowercase letters and digits>`). */
const idBody = (id: string) => id.slice(id.indexOf('_') + 1);

/** Whether `seen` is `recordId`, or its 26 characters after another prefix. */
function sameIdBody(seen: unknown, recordId: string): boolean {
  return (
    seen === recordId ||
    (typeof seen === 'string' && seen.includes('_') && idBody(recordId).length === 26 && idBody(seen) === idBody(recordId))
  );
}

/**
 * How long an event about a record may take to come: a mock on this machine delivers in
 * milliseconds (2 s leaves room for a loaded machine, and keeps a fault that drops events from
 * slowing the mutation test), a deployment goes through a tunnel.
 */
export function eventWaitMs(context: CheckContext): number {
  return context.target.mock ? 2_000 : 30_000;
}

/** How long the suite waits for a further event that must not come, once the ones that must have come. */
export function graceMs(context: CheckContext): number {
  return context.target.mock ? 300 : 5_000;
}

/** The problem of a missing event, for the rule that says it is sent; `webhook` says where it was looked for (the receiver by default). */
export const missing = (what: string, seconds: number, webhook?: EventWebhook) =>
  webhook?.seenAt === 'log'
    ? `${what} did not appear in the webhook's delivery log within ${seconds} s`
    : `${what} did not reach the receiver within ${seconds} s`;

/** Where an event was seen, for a problem's words: nothing for the receiver, the log otherwise. */
export const seenWhere = (event: SeenEvent) => (event.logged ? " (as the webhook's delivery log shows it)" : '');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The grace of `graceMs` for further events that must not come, named for the run's progress line ("any further contact.updated"). */
export function graceFor(context: CheckContext, events: string): Promise<unknown> {
  const ms = graceMs(context);
  return waitingFor(`any further ${events} (none must come)`, ms, () => sleep(ms));
}

const EVENT_ID = /^evt_[0-9a-z]{26}$/;
const ID = /^[a-z]+_[0-9a-z]{26}$/;
const API_VERSION = /^\d{4}-\d{2}-\d{2}$/;
/** RFC 3339 with fractional seconds and an offset (spec 2.1). */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+(Z|[+-]\d{2}:\d{2})$/;
const ACTOR_TYPES = new Set(['member', 'api_key', 'automation', 'system']);

/** The envelope rules (spec 6.1) the judge knows, with their catalog ids. */
export const ENVELOPE_RULES = [
  'events.envelope-id',
  'events.envelope-object',
  'events.envelope-type',
  'events.envelope-api-version',
  'events.envelope-occurred-at',
  'events.envelope-workspace-id',
  'events.actor-shape',
  'events.actor-api-key',
  'events.actor-system-empty-id',
  'events.data-object-id-and-object',
  'events.data-object-is-the-record',
  'events.data-object-references-by-id',
  'events.event-ids-unique',
] as const;
export type EnvelopeRule = (typeof ENVELOPE_RULES)[number];
/** The envelope rules that hold the body to the request's headers (spec 6.1): a delivery log does not show them. */
const RECEIVER_ONLY_RULES = new Set<EnvelopeRule>(['events.envelope-type']);

/** What an event was caused by: the record it is about, and whether the suite's key caused it. */
export type Cause = { recordId: string; byKey: boolean };

/**
 * Collects the envelope problems of every event a check received, and judges each envelope rule
 * once at the end: the first problem fails the rule, none passes it (when an event was seen).
 */
export class EnvelopeJudge {
  readonly #identity: Identity | undefined;
  /** Each rule's first problem, with the read of the delivery that showed it when it came from the log. */
  readonly #problems = new Map<EnvelopeRule, { problem: string; exchange: Exchange | undefined }>();
  readonly #seen = new Set<EnvelopeRule>();
  /** Whether an event came from the delivery log, which shows no headers. */
  #fromLog = false;
  /** Event ids already seen, with the event (type and record) each belonged to. */
  readonly #ids = new Map<string, string>();

  constructor(identity: Identity | undefined) {
    this.#identity = identity;
  }

  add(request: SeenEvent, cause: Cause): void {
    const event = request.json;
    const what = `${event?.type ?? 'an event'} about ${cause.recordId}${seenWhere(request)}`;
    const note = (rule: EnvelopeRule, problem: string | undefined | false) => {
      this.#seen.add(rule);
      if (problem && !this.#problems.has(rule)) this.#problems.set(rule, { problem: `${what}: ${problem}`, exchange: request.logged });
    };
    note(
      'events.envelope-id',
      !EVENT_ID.test(String(event?.id)) && `id is ${JSON.stringify(event?.id)}, not evt_ and 26 lowercase letters and digits`,
    );
    note('events.envelope-object', event?.object !== 'event' && `object is ${JSON.stringify(event?.object)}, not "event"`);
    if (request.headers)
      note(
        'events.envelope-type',
        event?.type !== request.headers['svc-event'] &&
          `type is ${JSON.stringify(event?.type)} while Svc-Event names ${request.headers['svc-event']}`,
      );
    else this.#fromLog = true;
    note(
      'events.envelope-api-version',
      !API_VERSION.test(String(event?.api_version)) &&
        `api_version is ${JSON.stringify(event?.api_version)}, not a date-form string (YYYY-MM-DD)`,
    );
    note(
      'events.envelope-occurred-at',
      !(TIME.test(String(event?.occurred_at)) && !Number.isNaN(Date.parse(event.occurred_at))) &&
        `occurred_at is ${JSON.stringify(event?.occurred_at)}, not an RFC 3339 time with fractional seconds and an offset`,
    );
    if (this.#identity)
      note(
        'events.envelope-workspace-id',
        event?.workspace_id !== this.#identity.workspaceId &&
          `workspace_id is ${JSON.stringify(event?.workspace_id)}, not the key's workspace ${this.#identity.workspaceId}`,
      );
    const actor = event?.actor;
    note(
      'events.actor-shape',
      !(actor && typeof actor === 'object' && ACTOR_TYPES.has(actor.type) && typeof actor.id === 'string') &&
        `actor is ${JSON.stringify(actor)}, not {type: member|api_key|automation|system, id}`,
    );
    if (cause.byKey && this.#identity) {
      const expected = { type: 'api_key', id: this.#identity.keyId };
      note(
        'events.actor-api-key',
        (actor?.type !== expected.type || actor?.id !== expected.id) &&
          `actor is ${JSON.stringify(actor)}, not the API key that made the call ${JSON.stringify(expected)}`,
      );
    }
    if (actor?.type === 'system')
      note('events.actor-system-empty-id', actor.id !== '' && `a system actor has id ${JSON.stringify(actor.id)}, not empty`);
    const object = event?.data?.object;
    note(
      'events.data-object-id-and-object',
      !(object && typeof object.id === 'string' && typeof object.object === 'string' && object.object !== '') &&
        `data.object is ${JSON.stringify(object)?.slice(0, 200)}, without both id and object`,
    );
    note(
      'events.data-object-is-the-record',
      object?.id !== cause.recordId && `data.object.id is ${JSON.stringify(object?.id)}, not the record ${cause.recordId}`,
    );
    note('events.data-object-references-by-id', referenceProblem(object));
    const key = `${event?.type} about ${cause.recordId}`;
    const earlier = this.#ids.get(String(event?.id));
    note('events.event-ids-unique', earlier !== undefined && earlier !== key && `its event id ${event?.id} is also the id of ${earlier}`);
    if (earlier === undefined) this.#ids.set(String(event?.id), key);
  }

  /** Judges each of `rules` that some event could show; one only a request shows is skipped when the events came from the log. */
  judge(context: CheckContext, rules: readonly EnvelopeRule[]): void {
    for (const rule of rules) {
      if (this.#seen.has(rule)) context.judge(rule, this.#problems.get(rule)?.problem, this.#problems.get(rule)?.exchange);
      else if (this.#fromLog && RECEIVER_ONLY_RULES.has(rule))
        context.skipRule(rule, `it compares the body with the Svc-Event header; ${RECEIVER_ONLY}`);
    }
  }
}

/** A record referenced by number: `id` or a `*_id` field holding a number, or `#N`, instead of an id. */
function referenceProblem(object: any): string | undefined {
  if (!object || typeof object !== 'object') return undefined;
  for (const [field, value] of Object.entries(object)) {
    if (field !== 'id' && !field.endsWith('_id')) continue;
    if (value === null || value === '') continue;
    if (typeof value === 'string' && ID.test(value)) continue;
    // Stage and other ids are ids too; anything that is a number, or looks like one, is a record number.
    if (typeof value === 'number' || (typeof value === 'string' && /^#?\d+$/.test(value)))
      return `data.object.${field} is ${JSON.stringify(value)}: a record referenced by number, not by id`;
  }
  return undefined;
}
