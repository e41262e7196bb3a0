// Faults in webhook deliveries (spec 4.11, 6.1-6.3): the headers, the signature and its timestamp,
// the ids kept or renewed across retries and replays, secret rotation, the URL rules. Most change
// an attempt before it is signed and sent (`alterAttempt`, reached through the queue's seams: fault-seam.ts); the
// ones that concern a request (saving a URL, rotating a secret) wrap the raw requests of their
// operations as well (onOperation), or run around the handler inside the request's transaction.
// No node: imports: the mock's core, which loads this through the delivery queue, also runs in a
// browser, so the wrong signatures are made with Web Crypto.
import type { MockState } from '../mock-state.ts';
import { passesFilters } from '../resources/webhooks/event-filters.ts';
import { subscribesTo } from '../resources/webhooks/event-patterns.ts';
import { isIpAddress, isPublicAddress } from '../resources/webhooks/ip-address.ts';
import { resendFailed } from '../resources/webhooks/resend-failed.ts';
import { ATTEMPT_OFFSETS_MS, RETRY_WINDOW_MS } from '../resources/webhooks/retry-schedule.ts';
import type { StoredWebhook } from '../resources/webhooks/webhook-record.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import { normalizeId } from '../ids/ids.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { RecipientsInfo } from '../seams/delivery-seams.ts';
import type { DeliveryFault } from './fault-seam.ts';
import { callerOf } from '../http/handler.ts';
import type { OperationId } from '../spec/operation-types.ts';
import { retryAsOwner } from './owner-key.ts';
import { alterResultBody, changed, jsonOf, onErrorCode, withAttemptBody, type AttemptInfo, type Handle } from './fault.ts';
import { faultMemory } from './fault-memory.ts';
import { addressIn } from './addresses.ts';
import { alterOk, onOperation, sentJson, withJson, withQuery } from './request-match.ts';

/** The webhook routes of the document (spec 4.11), by operationId. */
const WEBHOOK_RECORD = [
  'listWebhooks',
  'createWebhook',
  'getWebhook',
  'updateWebhook',
  'deleteWebhook',
] as const satisfies readonly OperationId[];
const WEBHOOK_DELIVERIES = [
  'listWebhookDeliveries',
  'getWebhookDelivery',
  'replayWebhookDelivery',
] as const satisfies readonly OperationId[];
const WEBHOOK_OPERATIONS = [
  ...WEBHOOK_RECORD,
  'pingWebhook',
  'enableWebhook',
  'rotateWebhookSecret',
  ...WEBHOOK_DELIVERIES,
] as const satisfies readonly OperationId[];
/** Saving a webhook: create and change. */
const WEBHOOK_SAVES = ['createWebhook', 'updateWebhook'] as const satisfies readonly OperationId[];

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The delays of spec 6.3 read as gaps between attempts rather than times after the event. */
const GAPS_MS = [1 * MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 6 * HOUR_MS];

/** Sets `active: true` on a webhook the service disabled (`status` other than active), as a read answers it. */
function activeAgain(webhook: any): any {
  return webhook && typeof webhook === 'object' && webhook.object === 'webhook' && webhook.status !== 'active'
    ? { ...webhook, active: true }
    : webhook;
}

/** The request handle left as it is: the fault lives in `alterAttempt`. */
const unchanged = (next: Handle): Handle => next;

async function hmacHex(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The attempt carrying another event id, in the header and in the body alike (the event rebuilt). */
function withEventId(attempt: UnsignedAttempt, info: AttemptInfo): UnsignedAttempt {
  const id = info.workspace.newId('event');
  attempt.headers['Svc-Event-Id'] = id;
  return { ...attempt, body: JSON.stringify({ ...JSON.parse(attempt.body), id }) };
}

const isRetry = (info: AttemptInfo) => info.delivery.attempts > 0;

/** The timestamp each delivery's first attempt was signed with, per mock (retry-not-resigned). */
const firstSignings = (state: MockState) => faultMemory(state, 'retry-not-resigned', () => new Map<string, number>());

function findWebhook(state: MockState, id: string): { workspace: Workspace; webhook: StoredWebhook } | undefined {
  for (const workspace of state.workspaces.values()) {
    const webhook = workspace.tables.webhooks.get(normalizeId(id));
    if (webhook) return { workspace, webhook };
  }
  return undefined;
}

/** The secret each webhook had before its last rotation, and when it was rotated (workspace clock), per mock: the faults that go on signing with it share it. */
const rotationsOf = (state: MockState) =>
  faultMemory(state, 'webhook-rotations', () => new Map<string, { secret: string; atMs: number }>());

/** Notes the secret a rotate-secret request replaces, for the faults that go on signing with it. */
function rememberRotations(next: Handle, state: MockState): Handle {
  return onOperation('rotateWebhookSecret', async (inner, request, info, routed) => {
    const found = findWebhook(state, routed.params.id!);
    const response = await inner(request, info);
    if (found && response.ok) rotationsOf(state).set(found.webhook.id, { secret: found.webhook.secret, atMs: found.workspace.now() });
    return response;
  })(next, state);
}

/** The host of a URL as written (IPv6 without brackets), or undefined. */
function hostOf(url: unknown): string | undefined {
  return typeof url === 'string' ? addressIn(url)?.hostname.replace(/^\[(.*)\]$/, '$1') : undefined;
}

const PLACEHOLDER_URL = 'https://hooks.example.com/crmkit-fault-placeholder';
/** private-webhook-url-accepted: the private address each create sent, by request, from its input to its answer. */
const privateUrlsSent = (state: MockState) => faultMemory(state, 'private-webhook-url-accepted', () => new WeakMap<Request, string>());

/** Changes the JSON body of a successful answer of `operations`. */
function alterAnswer(operations: readonly OperationId[], alter: (body: any, state: MockState) => any) {
  return (next: Handle, state: MockState): Handle =>
    onOperation(operations, async (inner, request, info) => {
      const response = await inner(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return body && typeof body === 'object' ? changed(response, { body: alter(body, state) }) : response;
    })(next, state);
}

/** The webhook with its stored signing secret, as a read that shows the whole record would answer it. */
function withSecret(state: MockState, webhook: any): any {
  const found = webhook?.object === 'webhook' && typeof webhook.id === 'string' ? findWebhook(state, webhook.id) : undefined;
  return found ? { ...webhook, secret: found.webhook.secret } : webhook;
}

const MAX_PATTERNS = 100;
const MAX_FILTER_VALUES = 50;
const FILTER_KEYS = ['pipeline_ids', 'stage_ids', 'owner_ids', 'channels'] as const;

/** A create or change body cut to the limits the document checks, or undefined when it is within them. */
function withinListLimits(body: any): any | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const longEvents = Array.isArray(body.events) && body.events.length > MAX_PATTERNS;
  const longFilters = FILTER_KEYS.filter((key) => Array.isArray(body.filters?.[key]) && body.filters[key].length > MAX_FILTER_VALUES);
  if (!longEvents && longFilters.length === 0) return undefined;
  const cut = { ...body, ...(longEvents ? { events: body.events.slice(0, MAX_PATTERNS) } : {}) };
  if (longFilters.length)
    cut.filters = {
      ...body.filters,
      ...Object.fromEntries(longFilters.map((key) => [key, body.filters[key].slice(0, MAX_FILTER_VALUES)])),
    };
  return cut;
}

/** The active webhooks an event goes to when patterns are compared as exact names (no group, no `*`). */
function exactNameRecipients(recipients: StoredWebhook[], { event, active }: RecipientsInfo): StoredWebhook[] {
  if (event.type === 'webhook.disabled') return recipients;
  const object = event.data.object as Record<string, unknown>;
  return active.filter((webhook) => webhook.events.includes(event.type) && passesFilters(webhook.filters, object));
}

/** Drops the recipients with a filter whose field the event does not carry. */
function withoutUncarriedFields(recipients: StoredWebhook[], { event }: RecipientsInfo): StoredWebhook[] {
  const object = event.data.object as Record<string, unknown>;
  const fields = { pipeline_ids: 'pipeline_id', stage_ids: 'stage_id', owner_ids: 'owner_id', channels: 'channel' } as const;
  return recipients.filter((webhook) =>
    FILTER_KEYS.every((key) => webhook.filters[key].length === 0 || Object.hasOwn(object, fields[key])),
  );
}

/** A fresh id of the form `evt_` and 26 base-32 characters. */
function randomEventId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return `evt_${Array.from(crypto.getRandomValues(new Uint8Array(26)), (byte) => alphabet[byte % 32]).join('')}`;
}

/** The webhooks an event goes to when a webhook's filters pass if any one of them matches (OR), not all. */
function anyFilterRecipients(recipients: RecipientsInfo['active'], { event, active }: RecipientsInfo): RecipientsInfo['active'] {
  if (event.type === 'webhook.disabled') return recipients;
  const object = event.data.object as Record<string, unknown>;
  return active.filter((webhook) => {
    if (!subscribesTo(webhook.events, event.type)) return false;
    const set = (['pipeline_ids', 'stage_ids', 'owner_ids', 'channels'] as const).filter((key) => webhook.filters[key].length > 0);
    if (set.length === 0) return true;
    return set.some((key) =>
      passesFilters({ pipeline_ids: [], stage_ids: [], owner_ids: [], channels: [], [key]: webhook.filters[key] }, object),
    );
  });
}

/**
 * On saving a webhook (POST, PATCH): a URL that `substitute` gives another for is validated and
 * saved as that one, and, when accepted, answered as sent (the validator let it through). Raw
 * requests: the URL rules are the document's and the handler's, and the fault is let through both.
 */
function urlSavedAs(substitute: (url: URL, sent: string) => string | undefined) {
  return onOperation(WEBHOOK_SAVES, async (next, request, info) => {
    const sent = await sentJson(request);
    const url = typeof sent?.url === 'string' ? addressIn(sent.url) : undefined;
    const saved = url ? substitute(url, sent.url) : undefined;
    if (saved === undefined) return next(request, info);
    const response = await next(withJson(request, { ...sent, url: saved }), info);
    return alterOk(response, (body) =>
      body.webhook ? { ...body, webhook: { ...body.webhook, url: sent.url } } : { ...body, url: sent.url },
    );
  });
}

/** Spec 8's webhooks per workspace, by the limit of the plan below: Free 2, Start 25, Pro 100, Business 250. */
const WEBHOOKS_OF_PLAN_ABOVE: Record<number, number> = { 2: 25, 25: 100, 100: 250 };

export const webhookFaults: DeliveryFault[] = [
  {
    name: 'webhook-plan-limit-reports-plan-above',
    area: 'webhooks',
    proves: ['webhooks.limit-reached', 'webhooks.limit-reached-upgrade-to'],
    description:
      "Past the plan's webhook count, limit_reached names the limit of the plan above (Start's 25 on Free, Pro's 100 on Start: spec 8).",
    wrap: onOperation('createWebhook', (next, request, info) =>
      onErrorCode('limit_reached', (response, body) =>
        body.error.key === 'webhooks'
          ? changed(response, { body: { error: { ...body.error, limit: WEBHOOKS_OF_PLAN_ABOVE[body.error.limit] ?? body.error.limit } } })
          : response,
      )(next)(request, info),
    ),
  },
  {
    name: 'signature-without-timestamp',
    area: 'webhooks',
    proves: ['webhooks.signature-hmac'],
    description: 'v1 is the HMAC of the body alone, not of `t.body`.',
    wrap: unchanged,
    async alterAttempt(attempt) {
      return { ...attempt, signature: `t=${attempt.timestampSeconds},v1=${await hmacHex(attempt.secret, attempt.body)}` };
    },
  },
  {
    name: 'signature-secret-without-prefix',
    area: 'webhooks',
    proves: ['webhooks.signature-hmac'],
    description: 'Deliveries are signed with the secret minus its whsec_ prefix.',
    wrap: unchanged,
    alterAttempt: (attempt) => ({ ...attempt, secret: attempt.secret.replace(/^whsec_/, '') }),
  },
  {
    name: 'timestamp-in-milliseconds',
    area: 'webhooks',
    proves: ['webhooks.header-timestamp', 'webhooks.signature-tolerance'],
    description: "Svc-Timestamp and the signature's t are Unix milliseconds, not seconds.",
    wrap: unchanged,
    alterAttempt(attempt, info) {
      attempt.headers['Svc-Timestamp'] = String(info.attemptAtMs);
      return { ...attempt, timestampSeconds: info.attemptAtMs };
    },
  },
  {
    name: 'no-user-agent',
    area: 'webhooks',
    proves: ['webhooks.header-user-agent'],
    description: 'Deliveries carry no User-Agent (the HTTP library sends none).',
    wrap: unchanged,
    alterAttempt(attempt) {
      delete attempt.headers['User-Agent'];
      return attempt;
    },
  },
  {
    name: 'no-webhook-id-header',
    area: 'webhooks',
    proves: ['webhooks.header-webhook-id'],
    description: 'Deliveries carry no Svc-Webhook-Id.',
    wrap: unchanged,
    alterAttempt(attempt) {
      delete attempt.headers['Svc-Webhook-Id'];
      return attempt;
    },
  },
  {
    name: 'replay-header-false',
    area: 'webhooks',
    proves: ['webhooks.header-replay-only-on-replays'],
    description: 'Deliveries that are no replay carry Svc-Replay: false, where the header belongs only to replays.',
    wrap: unchanged,
    alterAttempt(attempt, info) {
      if (!info.delivery.replay) attempt.headers['Svc-Replay'] = 'false';
      return attempt;
    },
  },
  {
    name: 'event-id-changes-on-retry',
    area: 'webhooks',
    proves: ['webhooks.event-id-same-on-retry', 'webhooks.at-least-once'],
    description: 'A retry rebuilds the event with a new id, so receivers cannot deduplicate by Svc-Event-Id.',
    wrap: unchanged,
    alterAttempt: (attempt, info) => (isRetry(info) ? withEventId(attempt, info) : attempt),
  },
  {
    name: 'delivery-id-changes-on-retry',
    area: 'webhooks',
    proves: ['webhooks.delivery-id-same-on-retry'],
    description: 'Every attempt gets a Svc-Delivery of its own, where retries keep the delivery id.',
    wrap: unchanged,
    alterAttempt(attempt, info) {
      if (isRetry(info)) attempt.headers['Svc-Delivery'] = info.workspace.newId('delivery');
      return attempt;
    },
  },
  {
    name: 'retry-not-resigned',
    area: 'webhooks',
    proves: ['webhooks.fresh-timestamp-per-attempt'],
    description: "A retry is sent with the first attempt's timestamp and signature instead of being signed again.",
    wrap: unchanged,
    alterAttempt(attempt, info) {
      const first = firstSignings(info.state);
      const signedAt = first.get(info.delivery.id);
      if (signedAt === undefined) first.set(info.delivery.id, attempt.timestampSeconds);
      if (!isRetry(info) || signedAt === undefined) return attempt;
      attempt.headers['Svc-Timestamp'] = String(signedAt);
      return { ...attempt, timestampSeconds: signedAt };
    },
  },
  {
    name: 'signed-on-workspace-clock',
    area: 'webhooks',
    proves: ['webhooks.header-timestamp', 'webhooks.signature-tolerance'],
    description:
      "Deliveries are signed with the workspace's time instead of the time they are sent: once that clock is elsewhere than real time (a seeded or moved workspace), receivers reject them.",
    wrap: unchanged,
    alterAttempt(attempt, info) {
      const timestampSeconds = Math.floor(info.attemptAtMs / 1000);
      attempt.headers['Svc-Timestamp'] = String(timestampSeconds);
      return { ...attempt, timestampSeconds };
    },
  },
  {
    name: 'no-replay-header',
    area: 'webhooks',
    proves: [
      'webhooks.enable-turns-on',
      'webhooks.enable-answer',
      'webhooks.enable-resends-failed',
      'webhooks.resend-skips-pings',
      'webhooks.resend-skips-replayed',
      'webhooks.replay-header',
    ],
    description: 'A replayed delivery carries no Svc-Replay: true.',
    wrap: unchanged,
    alterAttempt(attempt, info) {
      if (info.delivery.replay) delete attempt.headers['Svc-Replay'];
      return attempt;
    },
  },
  {
    name: 'replay-same-delivery-id',
    area: 'webhooks',
    proves: ['webhooks.replay-new-delivery-id'],
    description: "A replay is sent under the original delivery's id instead of a new one.",
    wrap: unchanged,
    alterAttempt(attempt, info) {
      if (info.delivery.replay && info.delivery.replay_of) attempt.headers['Svc-Delivery'] = info.delivery.replay_of;
      return attempt;
    },
  },
  {
    name: 'replay-new-event-id',
    area: 'webhooks',
    proves: ['webhooks.replay-same-event', 'webhooks.at-least-once'],
    description: 'A replay sends the event under a new event id instead of the same one.',
    wrap: unchanged,
    alterAttempt: (attempt, info) => (info.delivery.replay ? withEventId(attempt, info) : attempt),
  },
  {
    name: 'rotate-secret-overlap',
    area: 'webhooks',
    proves: ['webhooks.rotate-no-overlap', 'webhooks.rotate-waiting-retries'],
    description:
      'After rotate-secret, deliveries stay signed with the old secret for 24 hours (as client secrets overlap), where the new one applies at once.',
    wrap: rememberRotations,
    alterAttempt(attempt, info) {
      const rotation = rotationsOf(info.state).get(info.webhook.id);
      return rotation && info.attemptAtMs - rotation.atMs < DAY_MS ? { ...attempt, secret: rotation.secret } : attempt;
    },
  },
  {
    name: 'retry-keeps-old-secret',
    area: 'webhooks',
    proves: ['webhooks.rotate-waiting-retries'],
    description:
      'A delivery queued before rotate-secret is retried signed with the secret of its first attempt, where waiting retries use the new one.',
    wrap: rememberRotations,
    alterAttempt(attempt, info) {
      const rotation = rotationsOf(info.state).get(info.webhook.id);
      return rotation && Date.parse(info.delivery.created_at) <= rotation.atMs ? { ...attempt, secret: rotation.secret } : attempt;
    },
  },
  {
    name: 'private-webhook-url-accepted',
    area: 'webhooks',
    proves: ['webhooks.url-private', 'webhooks.url-loopback', 'webhooks.url-link-local'],
    description: 'A webhook URL at a private, loopback or link-local IP address is accepted when saved (checked only before deliveries).',
    // The handler's own misreading: it validates and saves a private address under a public
    // placeholder (so the rest of the mock's rules still apply), then writes the address sent,
    // inside the request's transaction, and answers it.
    operations: ['createWebhook'],
    alterInput: (input, context) => {
      const sent = (input.body as { url?: unknown } | undefined)?.url;
      const host = hostOf(sent);
      if (!host || !isIpAddress(host) || isPublicAddress(host)) return input;
      privateUrlsSent(context.state).set(context.request, sent as string);
      return { ...input, body: { ...(input.body as object), url: PLACEHOLDER_URL } };
    },
    aroundHandler: async (next, context) => {
      const result = await next();
      const sent = privateUrlsSent(context.state).get(context.request);
      const id = result instanceof Response ? undefined : (result.body as { webhook?: { id?: string } } | undefined)?.webhook?.id;
      if (sent === undefined || !id) return result;
      await callerOf(context).workspace.tables.webhooks.update(id, (draft) => void (draft.url = sent));
      return alterResultBody(result, (body) => ({ ...body, webhook: { ...body.webhook, url: sent } }));
    },
  },
  {
    name: 'retry-delays-between-attempts',
    area: 'webhooks',
    proves: ['webhooks.retry-schedule'],
    description:
      'The retry delays are counted from the previous attempt (1, 5, 30 min, 2 h, 6 h after it), not from the event, so the third attempt comes 6 minutes after the event instead of 5.',
    wrap: unchanged,
    alterNextAttempt(_scheduled, { windowStartMs, attemptAtMs, attempts }) {
      const next = attemptAtMs + (GAPS_MS[attempts - 1] ?? 6 * HOUR_MS);
      return next - windowStartMs <= DAY_MS ? next : null;
    },
  },
  {
    name: 'webhook-disabled-keeps-active',
    area: 'webhooks',
    proves: [
      'webhooks.gone-disables',
      'webhooks.day-without-success-disables',
      'webhooks.enable-resets-failures',
      'webhooks.enable-answer',
      'webhooks.resend-last-3-days',
      'webhooks.resend-oldest-first',
    ],
    description:
      'A webhook disabled by the service (24 hours without success, or a 410) is answered with active: true; only its status says disabled.',
    wrap: alterAnswer(WEBHOOK_RECORD, (body) =>
      Array.isArray(body.data)
        ? { ...body, data: body.data.map(activeAgain) }
        : body.webhook
          ? { ...body, webhook: activeAgain(body.webhook) }
          : activeAgain(body),
    ),
  },
  {
    name: 'ping-answers-queued-delivery',
    area: 'webhooks',
    proves: ['webhooks.ping-answers-result'],
    description:
      'Ping queues the ping and answers the delivery as it stood before the attempt (pending, no attempt, no response status), not the delivery result.',
    wrap: alterAnswer(['pingWebhook'], (delivery) => ({
      ...delivery,
      status: 'pending',
      attempts: 0,
      response_status: null,
      latency_ms: null,
    })),
  },
  {
    name: 'secret-shown-in-reads',
    area: 'webhooks',
    proves: ['webhooks.secret-once'],
    description:
      'Every read of a webhook (GET, the list, PATCH) shows its signing secret, which is returned only on creation and rotation.',
    wrap: alterAnswer(['listWebhooks', 'getWebhook', 'updateWebhook'], (body, state) =>
      Array.isArray(body.data) ? { ...body, data: body.data.map((webhook: any) => withSecret(state, webhook)) } : withSecret(state, body),
    ),
  },
  {
    name: 'webhook-list-limits-cut',
    area: 'webhooks',
    proves: ['webhooks.patterns-up-to-100', 'webhooks.filter-values-up-to-50'],
    description:
      'More than 100 event patterns, or more than 50 values in a filter, are cut to the limit and accepted, where they are refused with 422.',
    wrap: onOperation(WEBHOOK_SAVES, async (next, request, info) => {
      const cut = withinListLimits(await sentJson(request));
      if (!cut) return next(request, info);
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return next(new Request(request.url, { method: request.method, headers, body: JSON.stringify(cut) }), info);
    }),
  },
  {
    name: 'group-patterns-match-exact-names',
    area: 'webhooks',
    proves: ['webhooks.pattern-all'],
    description: 'Event patterns are compared with the event type as exact names: a group such as `lead.*` and `*` receive nothing.',
    wrap: unchanged,
    alterRecipients: exactNameRecipients,
  },
  {
    name: 'filters-drop-events-without-field',
    area: 'webhooks',
    proves: ['webhooks.filter-others-pass'],
    description:
      'A webhook with a filter gets no event that lacks the filtered field (a pipeline filter drops note.created), where such events pass.',
    wrap: unchanged,
    alterRecipients: withoutUncarriedFields,
  },
  {
    name: 'filters-ignored',
    area: 'webhooks',
    proves: ['webhooks.filter-pipeline', 'webhooks.filter-stage', 'webhooks.filter-owner', 'webhooks.filter-channel'],
    description: "A webhook's filters are saved and shown but never applied: every event its patterns match reaches it.",
    wrap: unchanged,
    alterRecipients: (recipients, { event, active }) =>
      event.type === 'webhook.disabled' ? recipients : active.filter((webhook) => subscribesTo(webhook.events, event.type)),
  },
  {
    name: 'deliveries-end-cursor-null',
    area: 'webhooks',
    proves: ['webhooks.deliveries-list-end-cursor', 'responses.shape.list-webhook-deliveries'],
    description: "The last page of a webhook's deliveries answers next_cursor null (the standard list), not the empty string of spec 4.11.",
    wrap: alterAnswer(['listWebhookDeliveries'], (page) => (page.next_cursor === '' ? { ...page, next_cursor: null } : page)),
  },
  {
    name: 'delivery-log-keeps-256-characters',
    area: 'webhooks',
    proves: ['webhooks.log-keeps-2kb'],
    description: "A delivery's log keeps the first 256 characters of the receiver's answer, not the first 2 KB.",
    wrap: alterAnswer(['getWebhookDelivery'], (delivery) =>
      typeof delivery.response_body === 'string' ? { ...delivery, response_body: delivery.response_body.slice(0, 256) } : delivery,
    ),
  },
  {
    name: 'gone-answer-not-disabling',
    area: 'webhooks',
    proves: ['webhooks.gone-disables', 'webhooks.resend-last-3-days', 'webhooks.resend-oldest-first'],
    description: 'An endpoint answering 410 Gone is retried like any failure; the webhook stays active, where a 410 disables it.',
    wrap: unchanged,
    breaks: ['disable-on-gone'],
  },
  {
    name: 'disabling-leaves-deliveries-queued',
    area: 'webhooks',
    proves: ['webhooks.disabling-fails-queued', 'webhooks.enable-resends-failed'],
    description: 'Deliveries still queued when a webhook is disabled stay retrying (and are never sent), instead of being marked failed.',
    wrap: unchanged,
    breaks: ['fail-queued-on-disable'],
  },
  {
    name: 'resend-includes-pings',
    area: 'webhooks',
    proves: ['webhooks.resend-skips-pings'],
    description: 'Enable with resend_failed queues failed test pings again too, where they are skipped.',
    wrap: unchanged,
    breaks: ['skip-pings-on-resend'],
  },
  {
    name: 'resend-without-time-limit',
    area: 'webhooks',
    proves: ['webhooks.resend-last-3-days'],
    description: "Enable with resend_failed queues every failed delivery of the webhook, however old, where only the last 3 days' are.",
    wrap: unchanged,
    breaks: ['resend-last-3-days'],
  },
  {
    name: 'resend-newest-first',
    area: 'webhooks',
    proves: ['webhooks.resend-oldest-first'],
    description: "Enable with resend_failed queues the failed deliveries newest first (the list's order), where they go oldest first.",
    wrap: unchanged,
    breaks: ['resend-oldest-first'],
  },
  {
    name: 'patch-active-resends-failed',
    area: 'webhooks',
    proves: ['webhooks.resend-last-3-days', 'webhooks.patch-active-resends-nothing'],
    description:
      "PATCH {active: true} on a disabled webhook also queues its failed deliveries again (it shares the enable route's code), where it only turns the webhook on.",
    // Inside the request's transaction: the change and the resend are one.
    operations: ['updateWebhook'],
    aroundHandler: async (next, context) => {
      const { workspace } = callerOf(context);
      const before = workspace.tables.webhooks.get(normalizeId(String(context.input.path.id)));
      const result = await next();
      if (before && !before.active && (context.input.body as { active?: unknown } | undefined)?.active === true)
        await resendFailed(context.state, workspace, before.id);
      return result;
    },
  },
  {
    name: 'success-keeps-failure-streak',
    area: 'webhooks',
    proves: ['webhooks.success-resets-failures'],
    description:
      'A successful delivery does not reset the failure count: a webhook is disabled 24 hours after its first failure even with successes in between.',
    wrap: unchanged,
    breaks: ['reset-failures-on-success'],
  },
  {
    name: 'enable-keeps-failure-streak',
    area: 'webhooks',
    proves: ['webhooks.enable-resets-failures'],
    description: 'Enable turns a webhook on without resetting its failure count: the next failed attempt disables it again at once.',
    // Inside the request's transaction: the streak the handler reset is written back before it commits.
    operations: ['enableWebhook'],
    aroundHandler: async (next, context) => {
      const { workspace } = callerOf(context);
      const before = workspace.tables.webhooks.get(normalizeId(String(context.input.path.id)));
      const result = await next();
      if (!before || before.failing_since === null) return result;
      const { failing_since: since } = before;
      await workspace.tables.webhooks.update(before.id, (draft) => void (draft.failing_since = since));
      return result;
    },
  },
  {
    name: 'deliveries-open-to-any-scope',
    area: 'webhooks',
    proves: ['webhooks.manage-scope'],
    description:
      "A webhook's deliveries (list, read, replay) are served to any key of the workspace; only the other webhook routes check webhooks:manage.",
    wrap: (next, state) =>
      onOperation(WEBHOOK_DELIVERIES, (inner, request, info) =>
        onErrorCode('missing_scope', async (response, body, copy) =>
          body.error.scope === 'webhooks:manage' ? retryAsOwner(state, next, copy, response) : response,
        )(inner)(request, info),
      )(next, state),
  },
  {
    name: 'redirects-followed-to-any-host',
    area: 'webhooks',
    proves: ['webhooks.redirects-same-host'],
    description:
      "Redirects from the receiver are followed to any host and scheme (the HTTP library's default), where only the same host and scheme are allowed.",
    wrap: unchanged,
    alterAttempt: (attempt) => ({ ...attempt, redirects: { max: 3, anyHost: true } }),
  },
  {
    name: 'redirects-followed-one-too-many',
    area: 'webhooks',
    proves: ['webhooks.redirects-at-most-3'],
    description: 'Four redirects are followed (the count is checked after following), where at most 3 are.',
    wrap: unchanged,
    alterAttempt: (attempt) => ({ ...attempt, redirects: { max: 4, anyHost: false } }),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'webhook-events-limit-50',
    area: 'webhooks',
    proves: ['webhooks.patterns-up-to-100'],
    description:
      'A webhook takes at most 50 event patterns (the filter values limit applied to events): 51 to 100 are refused (spec 2.13, 8: 100).',
    wrap: onOperation(WEBHOOK_SAVES, async (next, request, info) => {
      const sent = await sentJson(request);
      if (!Array.isArray(sent?.events) || sent.events.length <= 50 || sent.events.length > 100) return next(request, info);
      const events = [...sent.events, ...Array.from({ length: 101 - sent.events.length }, (_, index) => `lead.extra_${index}`)];
      return next(withJson(request, { ...sent, events }), info);
    }),
  },
  {
    name: 'enable-without-resent',
    area: 'webhooks',
    proves: ['webhooks.enable-answer', 'webhooks.enable-resends-failed', 'responses.shape.enable-webhook'],
    description: 'Enabling a webhook answers the webhook alone, without the resent count (spec 4.11: {webhook, resent}).',
    wrap: onOperation('enableWebhook', async (next, request, info) =>
      alterOk(await next(request, info), ({ resent: _resent, ...rest }) => rest),
    ),
  },
  {
    name: 'user-agent-without-link',
    area: 'webhooks',
    proves: ['webhooks.header-user-agent'],
    description: 'Deliveries carry User-Agent Svc-Webhooks/1.0 without the link to the webhook documentation (spec 6.1).',
    wrap: unchanged,
    alterAttempt(attempt) {
      attempt.headers['User-Agent'] = 'Svc-Webhooks/1.0';
      return attempt;
    },
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'webhook-url-2048-refused',
    area: 'webhooks',
    proves: ['webhooks.url-length'],
    description:
      'A webhook URL of exactly 2048 characters is refused with 422 under url: the check is length < 2048 (spec 4.11, 8: at most 2048).',
    wrap: urlSavedAs((_url, sent) => (sent.length === 2048 ? `${sent}x` : undefined)),
  },
  {
    name: 'webhook-port-8443-refused',
    area: 'webhooks',
    proves: ['webhooks.url-port-8443'],
    description:
      'Webhook URLs must use the default HTTPS port: https://host:8443/... is refused with 422 under url, where ports 443 and 8443 are allowed (spec 4.11, 8).',
    wrap: urlSavedAs((url, sent) => (url.port === '8443' ? sent.replace(':8443', ':8444') : undefined)),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'webhook-hundred-events-refused',
    area: 'webhooks',
    proves: ['webhooks.patterns-up-to-100'],
    description:
      'A webhook with exactly 100 event patterns is refused with 422 under events: the check is length < 100 (spec 2.13, 8: up to 100).',
    // One pattern more than sent, for the document's own refusal (raw requests: the body is checked before any handler seam).
    wrap: onOperation('createWebhook', async (next, request, info) => {
      const sent = await sentJson(request);
      return next(
        Array.isArray(sent?.events) && sent.events.length === 100 ? withJson(request, { ...sent, events: [...sent.events, '*'] }) : request,
        info,
      );
    }),
  },
  {
    name: 'webhook-url-credentials-accepted',
    area: 'webhooks',
    proves: ['webhooks.url-credentials'],
    description:
      'A webhook URL with a user name and password (https://user:pass@host/...) is accepted: the validator checks scheme, host and port only (spec 4.11: no user name or password).',
    wrap: urlSavedAs((url) => {
      if (!url.username && !url.password) return undefined;
      url.username = '';
      url.password = '';
      return url.href;
    }),
  },
  // Found by the fourth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'signature-over-reserialized-body',
    area: 'webhooks',
    proves: ['webhooks.signature-hmac'],
    description:
      'The signature is the HMAC of the compact JSON, but the HTTP client re-serializes the payload with indentation before sending, so v1 does not match the raw body received.',
    wrap: unchanged,
    async alterAttempt(attempt) {
      const signed = `t=${attempt.timestampSeconds},v1=${await hmacHex(attempt.secret, `${attempt.timestampSeconds}.${attempt.body}`)}`;
      return { ...attempt, body: JSON.stringify(JSON.parse(attempt.body), null, 2), signature: signed };
    },
  },
  {
    name: 'timestamp-header-after-signing',
    area: 'webhooks',
    proves: ['webhooks.header-signature-format'],
    description:
      "Svc-Timestamp is read from the clock again after signing, so it runs ahead of the signature's t (by 2 s here), where both are the time the attempt was signed.",
    wrap: unchanged,
    alterAttempt(attempt) {
      attempt.headers['Svc-Timestamp'] = String(attempt.timestampSeconds + 2);
      return attempt;
    },
  },
  {
    name: 'rotated-secret-cached-five-minutes',
    area: 'webhooks',
    proves: ['webhooks.rotate-no-overlap', 'webhooks.rotate-waiting-retries'],
    description:
      "The sender caches each webhook's secret for 5 minutes, so deliveries keep being signed with the old secret after rotate-secret, where the new one applies at once.",
    wrap: rememberRotations,
    alterAttempt(attempt, info) {
      const rotation = rotationsOf(info.state).get(info.webhook.id);
      return rotation && info.workspace.clock.now() - rotation.atMs < 5 * 60_000 ? { ...attempt, secret: rotation.secret } : attempt;
    },
  },
  {
    name: 'signature-hex-uppercase',
    area: 'webhooks',
    proves: ['webhooks.header-signature-format', 'webhooks.signature-hmac'],
    description: "v1 is hex-encoded in upper case (the crypto library's default), where the spec has lowercase hex.",
    wrap: unchanged,
    async alterAttempt(attempt) {
      const mac = await hmacHex(attempt.secret, `${attempt.timestampSeconds}.${attempt.body}`);
      return { ...attempt, signature: `t=${attempt.timestampSeconds},v1=${mac.toUpperCase()}` };
    },
  },
  {
    name: 'delivery-header-carries-event-id',
    area: 'webhooks',
    proves: ['webhooks.header-delivery'],
    description: "Svc-Delivery carries the event's id (evt_...) instead of the delivery's (dlv_...).",
    wrap: unchanged,
    alterAttempt(attempt, info) {
      attempt.headers['Svc-Delivery'] = info.delivery.event_id;
      return attempt;
    },
  },
  {
    name: 'body-event-id-per-webhook',
    area: 'webhooks',
    proves: [
      'webhooks.delivery-detail-payload',
      'webhooks.replay-same-event',
      'webhooks.header-event-id',
      'webhooks.event-id-same-on-retry',
      'webhooks.at-least-once',
    ],
    description: "The event is copied for each webhook with a fresh id in the body, so the body's id no longer equals Svc-Event-Id.",
    wrap: unchanged,
    alterAttempt: (attempt) => withAttemptBody(attempt, (event) => ({ ...event, id: randomEventId() })),
  },
  {
    name: 'replay-header-on-retries',
    area: 'webhooks',
    proves: ['webhooks.header-replay-only-on-replays'],
    description:
      'Svc-Replay: true is set on every attempt after the first (the flag means "sent again"), where it belongs only to replayed deliveries.',
    wrap: unchanged,
    alterAttempt(attempt, info) {
      if (info.delivery.attempts > 0) attempt.headers['Svc-Replay'] = 'true';
      return attempt;
    },
  },
  {
    name: 'content-type-text-plain',
    area: 'webhooks',
    proves: ['webhooks.header-content-type'],
    description:
      "Deliveries are posted with Content-Type text/plain;charset=UTF-8 (fetch's default for a string body), not application/json.",
    wrap: unchanged,
    alterAttempt(attempt) {
      attempt.headers['Content-Type'] = 'text/plain;charset=UTF-8';
      return attempt;
    },
  },
  {
    name: 'retry-schedule-one-step-late',
    area: 'webhooks',
    proves: ['webhooks.retry-schedule'],
    description:
      'The delay list is indexed by the number of attempts made, one past the right entry: the first retry comes after 5 minutes, not 1, and every later one a step late.',
    wrap: unchanged,
    alterNextAttempt(scheduled, { windowStartMs, attempts }) {
      if (scheduled === null) return null;
      const offset = ATTEMPT_OFFSETS_MS[attempts + 1];
      return offset === undefined ? null : windowStartMs + offset;
    },
  },
  {
    name: 'retry-jitter-half-delay',
    area: 'webhooks',
    proves: ['webhooks.retry-schedule'],
    description:
      'Each retry gets jitter of half its delay added (the first comes 1.5 minutes after the failure), where the schedule is 1, 5, 30 minutes, 2 and 6 hours after the event.',
    wrap: unchanged,
    alterNextAttempt(scheduled, { windowStartMs, attemptAtMs }) {
      if (scheduled === null) return null;
      return Math.min(scheduled + (scheduled - attemptAtMs) / 2, windowStartMs + RETRY_WINDOW_MS);
    },
  },
  {
    name: 'retry-past-event-window',
    area: 'webhooks',
    proves: ['webhooks.delivery-failed-at-end', 'webhooks.retry-schedule'],
    description:
      "The schedule's loop adds its 6-hour step before checking the window, so one more attempt goes out 30 hours after the event, where retries stop within 24 hours.",
    wrap: unchanged,
    alterNextAttempt(scheduled, { windowStartMs, attemptAtMs }) {
      if (scheduled !== null) return scheduled;
      return attemptAtMs - windowStartMs < RETRY_WINDOW_MS + 6 * HOUR_MS ? attemptAtMs + 6 * HOUR_MS : null;
    },
  },
  {
    name: 'webhook-disabled-only-to-subscribers',
    area: 'webhooks',
    proves: ['webhooks.disabled-told-to-others'],
    description:
      'webhook.disabled goes only to the other webhooks whose patterns match it, where it goes to every other webhook of the workspace.',
    wrap: unchanged,
    alterRecipients: (recipients, { event }) =>
      event.type === 'webhook.disabled' ? recipients.filter((webhook) => subscribesTo(webhook.events, event.type)) : recipients,
  },
  {
    name: 'filters-any-instead-of-all',
    area: 'webhooks',
    proves: ['webhooks.filter-pipeline', 'webhooks.filter-stage', 'webhooks.filter-owner'],
    description:
      'A webhook with several filters gets an event when any one of them matches (OR), where every filter whose field the event carries must match.',
    wrap: unchanged,
    alterRecipients: anyFilterRecipients,
  },
  {
    name: 'occurred-at-is-attempt-time',
    area: 'webhooks',
    proves: ['webhooks.occurred-at-same-on-retry'],
    description:
      "The envelope is built when each attempt is sent, so occurred_at is the attempt's time (later on every retry), not when the event occurred.",
    wrap: unchanged,
    alterAttempt: (attempt, info) =>
      withAttemptBody(attempt, (event) => ({ ...event, occurred_at: new Date(info.attemptAtMs).toISOString() })),
  },
  // Found by the tenth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'webhook-url-2049-accepted',
    area: 'webhooks',
    proves: ['webhooks.url-length', 'responses.shape.create-webhook'],
    description: 'A webhook URL of 2049 characters is accepted: the length check is <= 2049 (spec 4.11: at most 2048 characters).',
    wrap: urlSavedAs((_url, sent) => (sent.length === 2049 ? sent.slice(0, 2048) : undefined)),
  },
  {
    name: 'webhook-any-https-port-accepted',
    area: 'webhooks',
    proves: ['webhooks.url-ports'],
    description:
      'A webhook URL on any HTTPS port (https://host:8080/...) is accepted: only the scheme is checked (spec 4.11: HTTPS on port 443 or 8443).',
    wrap: urlSavedAs((url, sent) =>
      url.protocol === 'https:' && url.port !== '' && url.port !== '8443' && url.hostname !== 'localhost' && url.hostname !== '127.0.0.1'
        ? sent.replace(`:${url.port}`, ':8443')
        : undefined,
    ),
  },
  {
    name: 'webhook-localhost-subdomain-accepted',
    area: 'webhooks',
    proves: ['webhooks.url-localhost'],
    description:
      'A webhook URL at a name under localhost (https://hooks.localhost/...) is accepted: only the exact name localhost is refused (spec 4.11: no localhost).',
    wrap: urlSavedAs((url) => {
      if (!url.hostname.toLowerCase().endsWith('.localhost')) return undefined;
      url.hostname = 'hooks.example.com';
      return url.href;
    }),
  },
  {
    name: 'rotated-secret-42-characters',
    area: 'webhooks',
    proves: ['webhooks.secret-format', 'responses.shape.rotate-webhook-secret'],
    description:
      'Rotate-secret answers the new secret with its last character cut (whsec_ and 42 characters), where it is whsec_ followed by 43 (spec 4.11).',
    wrap: onOperation('rotateWebhookSecret', async (next, request, info) =>
      alterOk(await next(request, info), (body) =>
        typeof body.secret === 'string' ? { ...body, secret: body.secret.slice(0, -1) } : body,
      ),
    ),
  },
  {
    name: 'webhook-ids-long-prefix',
    area: 'conventions',
    proves: [
      'webhooks.id-prefix',
      'webhooks.disabled-told-to-others',
      'webhooks.header-webhook-id',
      'responses.shape.list-webhooks',
      'responses.shape.create-webhook',
      'responses.shape.get-webhook',
      'responses.shape.delete-webhook',
      'responses.shape.update-webhook',
      'responses.shape.ping-webhook',
      'responses.shape.enable-webhook',
      'responses.shape.rotate-webhook-secret',
      'responses.shape.list-webhook-deliveries',
      'responses.shape.get-webhook-delivery',
      'responses.shape.replay-webhook-delivery',
    ],
    description:
      'The webhook routes answer webhook ids with the old long prefix hook_, where responses always use the short form wh_ (spec 2.2, 9).',
    wrap: onOperation(WEBHOOK_OPERATIONS, async (next, request, info) => {
      const response = await next(request, info);
      if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
      const text = await response.clone().text();
      if (!text.includes('"wh_')) return response;
      return new Response(text.replaceAll('"wh_', '"hook_'), { status: response.status, headers: response.headers });
    }),
  },
  {
    name: 'deliveries-bad-cursor-ignored',
    area: 'webhooks',
    proves: ['webhooks.deliveries-bad-cursor'],
    description: "A webhook's deliveries list answers a bad cursor with its first page (spec 4.13: invalid_cursor or validation_failed).",
    wrap: (next, state) =>
      onOperation('listWebhookDeliveries', (inner, request, info) =>
        onErrorCode('invalid_cursor', (_response, _body, copy) => next(withQuery(copy, (query) => query.delete('cursor'))))(inner)(
          request,
          info,
        ),
      )(next, state),
  },
  {
    name: 'enable-resent-omitted-without-resend',
    area: 'webhooks',
    proves: ['webhooks.enable-answer', 'responses.shape.enable-webhook'],
    description:
      'Enable with resend_failed false answers {webhook} alone, without resent: 0 (spec 4.11: answers {webhook, resent: integer}).',
    wrap: onOperation('enableWebhook', async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      if (sent?.resend_failed === true) return response;
      return alterOk(response, ({ resent: _resent, ...rest }) => rest);
    }),
  },
  {
    name: 'delivery-log-payload-summary-only',
    area: 'webhooks',
    proves: ['webhooks.delivery-detail-payload'],
    description: "The single delivery shows a payload cut to data.object's id and object, not the event sent (spec 4.11).",
    wrap: onOperation('getWebhookDelivery', async (next, request, info) =>
      alterOk(await next(request, info), (body) => {
        const object = body.payload?.data?.object;
        if (!object) return body;
        const data = { ...body.payload.data, object: { id: object.id, object: object.object } };
        return { ...body, payload: { ...body.payload, data } };
      }),
    ),
  },
  // A stated rule without a fault of its own (docs/readings-review.md; issue 22, H2 item 4).
  {
    name: 'connection-error-as-success',
    area: 'webhooks',
    description:
      'An attempt that got no answer at all (connection refused) counts as delivered: only an HTTP error status marks an attempt failed, so a ping to a closed port answers success (spec 6.3: a timeout or a connection error is a failed attempt).',
    proves: ['webhooks.connection-error-fails'],
    wrap: alterAnswer(['pingWebhook'], (delivery) =>
      delivery.attempts >= 1 && delivery.response_status == null && delivery.status !== 'success'
        ? { ...delivery, status: 'success', next_attempt_at: null }
        : delivery,
    ),
  },
];
