// Mutants of webhook attempts (spec 6.1-6.3): the headers, the signature and its timestamp,
// ids kept across retries and replays, secret rotation, redirects.
import type { MockState } from '../../mock-state.ts';
import { ATTEMPT_OFFSETS_MS, RETRY_WINDOW_MS } from '../../resources/webhooks/retry-schedule.ts';
import type { UnsignedAttempt } from '../../resources/webhooks/webhook-sender.ts';
import type { DeliveryFault } from '../fault-seam.ts';
import { withAttemptBody, type AttemptInfo, type Handle } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { alterOk, onOperation } from '../request-match.ts';
import { findWebhook, unchanged } from '../webhook-requests.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const MINUTE_MS = 60_000;

const HOUR_MS = 60 * MINUTE_MS;

/** The delays of spec 6.3 read as gaps between attempts rather than times after the event. */
const GAPS_MS = [1 * MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 6 * HOUR_MS];

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

/** A fresh id of the form `evt_` and 26 base-32 characters. */
function randomEventId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return `evt_${Array.from(crypto.getRandomValues(new Uint8Array(26)), (byte) => alphabet[byte % 32]).join('')}`;
}

export const webhooksAttemptsMutants: readonly DeliveryFault[] = [
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
    name: 'occurred-at-is-attempt-time',
    area: 'webhooks',
    proves: ['webhooks.occurred-at-same-on-retry'],
    description:
      "The envelope is built when each attempt is sent, so occurred_at is the attempt's time (later on every retry), not when the event occurred.",
    wrap: unchanged,
    alterAttempt: (attempt, info) =>
      withAttemptBody(attempt, (event) => ({ ...event, occurred_at: new Date(info.attemptAtMs).toISOString() })),
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
];
