// Faults of the fourth blind hunt: written from the spec and the mock alone, before reading any
// check, each the kind of bug another team's deployment could ship in webhook deliveries and event
// contents (spec 4.11, 6.1-6.4, 8, 9): what is signed and with which secret, the headers, the
// retry schedule, which webhooks an event goes to, and what the event's body carries. They reach
// the mock through the delivery and event hooks (delivery-hook.ts, event-hook.ts), which read
// this module beside the webhooks' and events' own. No node: imports (the core runs in a browser).
import type { EventEnvelope } from '../events/event-record.ts';
import type { MockState } from '../mock-state.ts';
import { passesFilters } from '../resources/webhooks/event-filters.ts';
import { subscribesTo } from '../resources/webhooks/event-patterns.ts';
import { ATTEMPT_OFFSETS_MS, RETRY_WINDOW_MS } from '../resources/webhooks/retry-schedule.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import { normalizeId } from '../store/ids.ts';
import type { RecipientsInfo } from './delivery-hook.ts';
import type { EventFault } from './events-faults.ts';
import type { Handle } from './fault.ts';
import type { DeliveryFault } from './webhook-faults.ts';

type Hunt4Fault = DeliveryFault & EventFault;

const HOUR_MS = 60 * 60 * 1000;

/** The request handle left as it is: the fault lives in a hook. */
const unchanged = (next: Handle): Handle => next;

async function hmacHex(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The attempt with its JSON body changed by `alter` (signed over the changed body, as sent). */
function withBody(attempt: UnsignedAttempt, alter: (event: any) => any): UnsignedAttempt {
  return { ...attempt, body: JSON.stringify(alter(JSON.parse(attempt.body))) };
}

/** A fresh id of the form `evt_` and 26 base-32 characters. */
function randomEventId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return `evt_${Array.from(crypto.getRandomValues(new Uint8Array(26)), (byte) => alphabet[byte % 32]).join('')}`;
}

/** The secret each webhook had before its last rotation, and when it was rotated (workspace clock). */
const rotations = new WeakMap<MockState, Map<string, { secret: string; atMs: number }>>();

function rotationsOf(state: MockState): Map<string, { secret: string; atMs: number }> {
  let map = rotations.get(state);
  if (!map) rotations.set(state, (map = new Map()));
  return map;
}

/** Notes the secret a rotate-secret request replaces. */
function rememberRotations(next: Handle, state: MockState): Handle {
  return async (request, info) => {
    const id = request.method === 'POST' ? /^\/v1\/webhooks\/([^/]+)\/rotate-secret$/.exec(new URL(request.url).pathname)?.[1] : undefined;
    const workspace = id ? [...state.workspaces.values()].find((each) => each.tables.webhooks.get(normalizeId(id))) : undefined;
    const webhook = id ? workspace?.tables.webhooks.get(normalizeId(id)) : undefined;
    const response = await next(request, info);
    if (workspace && webhook && response.ok) rotationsOf(state).set(webhook.id, { secret: webhook.secret, atMs: workspace.clock.now() });
    return response;
  };
}

/** The webhooks an event goes to when a webhook's filters pass if any one of them matches (OR), not all. */
function anyFilterRecipients(recipients: RecipientsInfo['active'], { event, active }: RecipientsInfo): RecipientsInfo['active'] {
  if (event.type === 'webhook.disabled') return recipients;
  const object = event.data.object as Record<string, unknown>;
  return active.filter((webhook) => {
    if (!subscribesTo(webhook.events, event.type)) return false;
    const set = (['pipeline_ids', 'stage_ids', 'owner_ids', 'channels'] as const).filter((key) => webhook.filters[key].length > 0);
    if (set.length === 0) return true;
    return set.some((key) => passesFilters({ pipeline_ids: [], stage_ids: [], owner_ids: [], channels: [], [key]: webhook.filters[key] }, object));
  });
}

const objectOf = (event: EventEnvelope) => event.data.object as Record<string, unknown>;

export const hunt4Faults: Hunt4Fault[] = [
  // Signatures (spec 6.2).
  {
    name: 'signature-over-reserialized-body',
    family: 'webhooks',
    description: 'The signature is the HMAC of the compact JSON, but the HTTP client re-serializes the payload with indentation before sending, so v1 does not match the raw body received.',
    wrap: unchanged,
    async alterAttempt(attempt) {
      const signed = `t=${attempt.timestampSeconds},v1=${await hmacHex(attempt.secret, `${attempt.timestampSeconds}.${attempt.body}`)}`;
      return { ...attempt, body: JSON.stringify(JSON.parse(attempt.body), null, 2), signature: signed };
    },
  },
  {
    name: 'timestamp-header-after-signing',
    family: 'webhooks',
    description: "Svc-Timestamp is read from the clock again after signing, so it runs ahead of the signature's t (by 2 s here), where both are the time the attempt was signed.",
    wrap: unchanged,
    alterAttempt(attempt) {
      attempt.headers['Svc-Timestamp'] = String(attempt.timestampSeconds + 2);
      return attempt;
    },
  },
  {
    name: 'rotated-secret-cached-five-minutes',
    family: 'webhooks',
    description: "The sender caches each webhook's secret for 5 minutes, so deliveries keep being signed with the old secret after rotate-secret, where the new one applies at once.",
    wrap: rememberRotations,
    alterAttempt(attempt, info) {
      const rotation = rotationsOf(info.state).get(info.webhook.id);
      return rotation && info.workspace.clock.now() - rotation.atMs < 5 * 60_000 ? { ...attempt, secret: rotation.secret } : attempt;
    },
  },
  {
    name: 'signature-hex-uppercase',
    family: 'webhooks',
    description: 'v1 is hex-encoded in upper case (the crypto library\'s default), where the spec has lowercase hex.',
    wrap: unchanged,
    async alterAttempt(attempt) {
      const mac = await hmacHex(attempt.secret, `${attempt.timestampSeconds}.${attempt.body}`);
      return { ...attempt, signature: `t=${attempt.timestampSeconds},v1=${mac.toUpperCase()}` };
    },
  },
  // Headers (spec 6.1).
  {
    name: 'delivery-header-carries-event-id',
    family: 'webhooks',
    description: "Svc-Delivery carries the event's id (evt_...) instead of the delivery's (dlv_...).",
    wrap: unchanged,
    alterAttempt(attempt, info) {
      attempt.headers['Svc-Delivery'] = info.delivery.event_id;
      return attempt;
    },
  },
  {
    name: 'body-event-id-per-webhook',
    family: 'webhooks',
    description: 'The event is copied for each webhook with a fresh id in the body, so the body\'s id no longer equals Svc-Event-Id.',
    wrap: unchanged,
    alterAttempt: (attempt) => withBody(attempt, (event) => ({ ...event, id: randomEventId() })),
  },
  {
    name: 'event-header-is-pattern',
    family: 'events',
    description: 'Svc-Event carries the subscription pattern the event matched (`lead.*`, `*`) instead of the event type.',
    wrap: unchanged,
    alterAttempt(attempt, info) {
      const type = attempt.headers['Svc-Event'] ?? '';
      const pattern = info.webhook.events.find((each) => subscribesTo([each], type));
      if (pattern) attempt.headers['Svc-Event'] = pattern;
      return attempt;
    },
  },
  {
    name: 'replay-header-on-retries',
    family: 'webhooks',
    description: 'Svc-Replay: true is set on every attempt after the first (the flag means "sent again"), where it belongs only to replayed deliveries.',
    wrap: unchanged,
    alterAttempt(attempt, info) {
      if (info.delivery.attempts > 0) attempt.headers['Svc-Replay'] = 'true';
      return attempt;
    },
  },
  {
    name: 'content-type-text-plain',
    family: 'webhooks',
    description: 'Deliveries are posted with Content-Type text/plain;charset=UTF-8 (fetch\'s default for a string body), not application/json.',
    wrap: unchanged,
    alterAttempt(attempt) {
      attempt.headers['Content-Type'] = 'text/plain;charset=UTF-8';
      return attempt;
    },
  },
  // The retry schedule (spec 6.3, 8).
  {
    name: 'retry-schedule-one-step-late',
    family: 'webhooks',
    description: 'The delay list is indexed by the number of attempts made, one past the right entry: the first retry comes after 5 minutes, not 1, and every later one a step late.',
    wrap: unchanged,
    alterNextAttempt(scheduled, { windowStartMs, attempts }) {
      if (scheduled === null) return null;
      const offset = ATTEMPT_OFFSETS_MS[attempts + 1];
      return offset === undefined ? null : windowStartMs + offset;
    },
  },
  {
    name: 'retry-jitter-half-delay',
    family: 'webhooks',
    description: 'Each retry gets jitter of half its delay added (the first comes 1.5 minutes after the failure), where the schedule is 1, 5, 30 minutes, 2 and 6 hours after the event.',
    wrap: unchanged,
    alterNextAttempt(scheduled, { windowStartMs, attemptAtMs }) {
      if (scheduled === null) return null;
      return Math.min(scheduled + (scheduled - attemptAtMs) / 2, windowStartMs + RETRY_WINDOW_MS);
    },
  },
  {
    name: 'retry-past-event-window',
    family: 'webhooks',
    description: 'The schedule\'s loop adds its 6-hour step before checking the window, so one more attempt goes out 30 hours after the event, where retries stop within 24 hours.',
    wrap: unchanged,
    alterNextAttempt(scheduled, { windowStartMs, attemptAtMs }) {
      if (scheduled !== null) return scheduled;
      return attemptAtMs - windowStartMs < RETRY_WINDOW_MS + 6 * HOUR_MS ? attemptAtMs + 6 * HOUR_MS : null;
    },
  },
  // Fan-out (spec 3, 4.11, 6.4).
  {
    name: 'webhook-disabled-only-to-subscribers',
    family: 'webhooks',
    description: 'webhook.disabled goes only to the other webhooks whose patterns match it, where it goes to every other webhook of the workspace.',
    wrap: unchanged,
    alterRecipients: (recipients, { event }) => (event.type === 'webhook.disabled' ? recipients.filter((webhook) => subscribesTo(webhook.events, event.type)) : recipients),
  },
  {
    name: 'filters-any-instead-of-all',
    family: 'webhooks',
    description: 'A webhook with several filters gets an event when any one of them matches (OR), where every filter whose field the event carries must match.',
    wrap: unchanged,
    alterRecipients: anyFilterRecipients,
  },
  // Event contents (spec 6.1, 6.4, 9).
  {
    name: 'event-api-version-missing',
    family: 'events',
    description: 'The event body sent to webhooks has no api_version (the serializer drops fields the envelope class lacks).',
    wrap: unchanged,
    alterAttempt: (attempt) => withBody(attempt, ({ api_version: _dropped, ...event }) => event),
  },
  {
    name: 'api-key-actor-as-member',
    family: 'events',
    description: 'An event caused by an API key names actor type member (the credential kind is not passed down), with the key\'s id.',
    wrap: unchanged,
    alterEvent: (event) => [event.actor.type === 'api_key' ? { ...event, actor: { ...event.actor, type: 'member' } } : event],
  },
  {
    name: 'data-object-without-object-name',
    family: 'events',
    description: "data.object carries the record's id but not its `object` type name (the summary serializer lists the event's own fields only).",
    wrap: unchanged,
    alterAttempt: (attempt) => withBody(attempt, (event) => {
      const { object: _dropped, ...rest } = event.data?.object ?? {};
      return event.data?.object ? { ...event, data: { ...event.data, object: rest } } : event;
    }),
  },
  {
    name: 'truncated-flag-dropped',
    family: 'events',
    description: 'An event over 256 KB is cut to id and object, but without `truncated: true`, so a receiver cannot tell it from a whole summary.',
    wrap: unchanged,
    alterAttempt: (attempt) => withBody(attempt, (event) => {
      if (event.data?.object?.truncated !== true) return event;
      const { truncated: _dropped, ...rest } = event.data.object;
      return { ...event, data: { ...event.data, object: rest } };
    }),
  },
  {
    name: 'won-without-stage-changed',
    family: 'events',
    description: 'A move into a won or lost stage sends lead.won or lead.lost instead of lead.stage_changed (an if/else), where it sends both.',
    wrap: unchanged,
    alterEvent: (event) => {
      const toType = objectOf(event).to_type;
      return event.type === 'lead.stage_changed' && (toType === 'won' || toType === 'lost') ? [] : [event];
    },
  },
  {
    name: 'occurred-at-is-attempt-time',
    family: 'webhooks',
    description: 'The envelope is built when each attempt is sent, so occurred_at is the attempt\'s time (later on every retry), not when the event occurred.',
    wrap: unchanged,
    alterAttempt: (attempt, info) => withBody(attempt, (event) => ({ ...event, occurred_at: new Date(info.attemptAtMs).toISOString() })),
  },
];
