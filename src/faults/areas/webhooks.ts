// Mutants of the webhooks rules (spec 2.13 the webhook, 3 its states, 4.11 the routes, 6.1 and 6.3
// the delivery), issue 23 item 2: each breaks the rules it names the way another team's
// implementation might, and a check of the webhooks family must fail them. They act through the
// handler seams, by operationId (`alterInput`, `aroundHandler`: the handler's own misreading, or a
// change of its answer or of what it stores, inside the request's transaction), and through the
// delivery queue's (`alterAttempt`, `alterRecipients`).
import { ApiError } from '../../errors/api-error.ts';
import type { HandlerContext, HandlerResult } from '../../http/handler.ts';
import { newDelivery, scheduleAttempt } from '../../resources/webhooks/delivery.ts';
import { disableWebhook } from '../../resources/webhooks/disable-webhook.ts';
import { presentWebhook } from '../../resources/webhooks/present.ts';
import { newWebhook } from '../../resources/webhooks/webhook-values.ts';
import { recordContext } from '../../resources/records/record-context.ts';
import type { StoredWebhook } from '../../resources/webhooks/webhook-record.ts';
import type { Fault } from '../fault.ts';
import type { DeliveryFault } from '../fault-seam.ts';
import { faultMemory } from '../fault-memory.ts';
import { answerAltered } from './handler-answer.ts';

/** Every webhook an answer carries (the webhook itself, `{webhook, secret}`, or a list), changed by `alter`. */
const eachWebhook = (alter: (webhook: any) => any) => (body: any) =>
  Array.isArray(body?.data)
    ? { ...body, data: body.data.map(alter) }
    : body?.webhook
      ? { ...body, webhook: alter(body.webhook) }
      : alter(body);

/** Every delivery an answer carries (one, or a list), changed by `alter`. */
const eachDelivery = (alter: (delivery: any) => any) => (body: any) =>
  Array.isArray(body?.data) ? { ...body, data: body.data.map(alter) } : alter(body);

const WEBHOOK_READS = ['createWebhook', 'getWebhook', 'listWebhooks', 'updateWebhook', 'enableWebhook', 'rotateWebhookSecret'] as const;
const DELIVERY_READS = ['pingWebhook', 'listWebhookDeliveries', 'getWebhookDelivery', 'replayWebhookDelivery'] as const;

const THE_WEBHOOK: Fault[] = [
  {
    name: 'webhook-object-endpoint',
    area: 'webhooks',
    proves: ['webhooks.object-name'],
    description: 'A webhook is shown with `object` `webhook_endpoint`, the name of the table behind it, instead of `webhook` (spec 2.13).',
    operations: WEBHOOK_READS,
    aroundHandler: answerAltered(eachWebhook((webhook) => ({ ...webhook, object: 'webhook_endpoint' }))),
  },
  {
    name: 'webhook-filters-as-text',
    area: 'webhooks',
    proves: ['webhooks.filters-four-lists', 'webhooks.fields-as-saved'],
    description:
      "A webhook's `filters` is answered as the JSON text of its database column instead of an object of the four lists (spec 2.13).",
    operations: WEBHOOK_READS,
    aroundHandler: answerAltered(eachWebhook((webhook) => ({ ...webhook, filters: JSON.stringify(webhook.filters) }))),
  },
  {
    name: 'webhook-status-enabled',
    area: 'webhooks',
    proves: ['webhooks.active-while-working'],
    description: 'A working webhook shows `status` `enabled` (the words of the settings screen) instead of `active` (spec 2.13, 3).',
    operations: WEBHOOK_READS,
    aroundHandler: answerAltered(eachWebhook((webhook) => (webhook.status === 'active' ? { ...webhook, status: 'enabled' } : webhook))),
  },
  {
    name: 'webhook-create-answers-200',
    area: 'webhooks',
    proves: ['webhooks.create-answer'],
    description: 'Create answers 200, as a save does, instead of 201 with `{webhook, secret}` (spec 2.1, 4.11: create answers 201).',
    operations: ['createWebhook'],
    aroundHandler: async (next) => {
      const result = await next();
      return result instanceof Response ? result : { ...result, status: 200 };
    },
  },
  {
    name: 'rotate-answers-old-secret',
    area: 'webhooks',
    proves: ['webhooks.secret-on-rotation'],
    description:
      'Rotating the secret stores a new one but answers the secret the webhook had before (read before the update), so the caller never learns the new one (spec 4.11).',
    operations: ['rotateWebhookSecret'],
    aroundHandler: async (next, context) => {
      const id = String(context.input.path.id);
      const before = context.caller?.workspace.tables.webhooks.get(id)?.secret;
      const result = await next();
      return result instanceof Response || before === undefined
        ? result
        : { ...result, body: { ...(result.body as object), secret: before } };
    },
  },
  {
    name: 'patch-active-ignored',
    area: 'webhooks',
    proves: ['webhooks.patch-active-turns-on'],
    description:
      'PATCH treats `active` as read-only and drops it, so `{active: true}` leaves a disabled webhook off; only the enable route turns it on (spec 4.11).',
    operations: ['updateWebhook'],
    alterInput: (input) => {
      const { active: _dropped, ...body } = (input.body ?? {}) as Record<string, unknown>;
      return { ...input, body };
    },
  },
];

const LOOPBACK_HTTP = /^http:\/\/(127\.|localhost[:/]|\[::1\])/;

const URLS: Fault[] = [
  {
    name: 'webhook-http-url-upgraded',
    area: 'webhooks',
    proves: ['webhooks.url-https'],
    description: 'A plain-HTTP webhook URL is taken and silently upgraded to https:// instead of refused with 422 (spec 4.11: HTTPS only).',
    operations: ['createWebhook', 'updateWebhook'],
    alterInput: (input) => {
      const body = (input.body ?? {}) as Record<string, unknown>;
      // Loopback URLs stay plain HTTP: a developer's mock takes them (--allow-private-webhooks), and the suite's receiver is one.
      return typeof body.url === 'string' && body.url.startsWith('http://') && !LOOPBACK_HTTP.test(body.url)
        ? { ...input, body: { ...body, url: `https://${body.url.slice('http://'.length)}` } }
        : input;
    },
  },
  {
    name: 'webhook-url-unchecked-on-patch',
    area: 'webhooks',
    proves: ['webhooks.url-checked-on-change'],
    description:
      'PATCH writes a new URL straight to the webhook without the URL rules create applies (spec 4.11: checked when saved), so a webhook can be moved to a private address.',
    operations: ['updateWebhook'],
    alterInput: (input, context) => {
      const { url, ...body } = (input.body ?? {}) as Record<string, unknown>;
      if (typeof url !== 'string') return input;
      faultMemory(context.state, 'webhook-url-unchecked-on-patch', () => new Map<string, string>()).set(context.requestId, url);
      return { ...input, body };
    },
    aroundHandler: async (next, context) => {
      const urls = faultMemory(context.state, 'webhook-url-unchecked-on-patch', () => new Map<string, string>());
      const url = urls.get(context.requestId);
      urls.delete(context.requestId);
      const result = await next();
      const workspace = context.caller?.workspace;
      if (url === undefined || !workspace || result instanceof Response) return result;
      const updated = await workspace.tables.webhooks.update(String((result.body as { id: string }).id), (draft) => void (draft.url = url));
      return { ...result, body: presentWebhook(updated) };
    },
  },
  {
    name: 'webhook-limit-off-by-one',
    area: 'webhooks',
    proves: ['webhooks.plan-limit-free', 'webhooks.plan-limit-start', 'webhooks.plan-limit-pro', 'webhooks.plan-limit-business'],
    description:
      "The plan's webhook count is compared with > instead of >=, so every plan takes one webhook more than its limit (2, 25, 100, 250; spec 4.11, 8).",
    operations: ['createWebhook'],
    aroundHandler: async (next, handlerContext) => {
      try {
        return await next();
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'limit_reached' || error.extras.used !== error.extras.limit) throw error;
        const context = recordContext(handlerContext);
        const stored = await context.tables.webhooks.insert(newWebhook(context, handlerContext.input.body as never));
        return { status: 201, body: { webhook: presentWebhook(stored), secret: stored.secret } };
      }
    },
  },
];

const DELIVERIES: Fault[] = [
  {
    name: 'delivery-status-delivered',
    area: 'webhooks',
    proves: ['webhooks.delivery-statuses', 'webhooks.delivery-success'],
    description:
      "A delivery answered 2xx shows `status` `delivered` (the log screen's word) instead of `success` (spec 3: pending, retrying, success, failed).",
    operations: DELIVERY_READS,
    aroundHandler: answerAltered(
      eachDelivery((delivery) => (delivery?.status === 'success' ? { ...delivery, status: 'delivered' } : delivery)),
    ),
  },
  {
    name: 'failed-attempt-shown-failed',
    area: 'webhooks',
    proves: ['webhooks.delivery-retrying'],
    description:
      "A delivery whose attempt failed shows `failed` at once although its retries are scheduled (the status is the last attempt's outcome), where it is `retrying` while the schedule lasts (spec 3).",
    operations: DELIVERY_READS,
    aroundHandler: answerAltered(
      eachDelivery((delivery) => (delivery?.status === 'retrying' ? { ...delivery, status: 'failed' } : delivery)),
    ),
  },
  {
    name: 'only-200-succeeds',
    area: 'webhooks',
    proves: ['webhooks.any-2xx-succeeds'],
    description:
      'The delivery result counts only 200 as success: a 202 or 204 answer is shown as a failed attempt, retrying (spec 6.3: any 2xx).',
    operations: DELIVERY_READS,
    aroundHandler: answerAltered(
      eachDelivery((delivery) =>
        delivery?.status === 'success' && delivery.response_status !== 200 && delivery.response_status !== null
          ? { ...delivery, status: 'retrying' }
          : delivery,
      ),
    ),
  },
  {
    name: 'any-answer-succeeds',
    area: 'webhooks',
    proves: ['webhooks.non-2xx-fails'],
    description:
      'The delivery result counts any HTTP answer as success, a 500 too; only a connection error fails (spec 6.3: anything but 2xx is a failed attempt).',
    operations: DELIVERY_READS,
    aroundHandler: answerAltered(
      eachDelivery((delivery) =>
        typeof delivery?.response_status === 'number' && delivery.status !== 'success' ? { ...delivery, status: 'success' } : delivery,
      ),
    ),
  },
  {
    name: 'deliveries-list-without-latency',
    area: 'webhooks',
    proves: ['webhooks.deliveries-list-fields'],
    description:
      'The deliveries list leaves out latency_ms (kept for the single delivery), where each listed delivery shows status, attempts, response status and latency (spec 4.11).',
    operations: ['listWebhookDeliveries'],
    aroundHandler: answerAltered(eachDelivery(({ latency_ms: _dropped, ...delivery }) => delivery)),
  },
  {
    name: 'deliveries-list-without-has-more',
    area: 'webhooks',
    proves: ['webhooks.deliveries-list-envelope'],
    description:
      'The deliveries list answers {object, data, next_cursor} without has_more, leaving the caller to infer it from the cursor (spec 4.11: {object: list, data, next_cursor, has_more}).',
    operations: ['listWebhookDeliveries'],
    aroundHandler: answerAltered(({ has_more: _dropped, ...body }) => body),
  },
  {
    name: 'deliveries-cursor-skips-one',
    area: 'webhooks',
    proves: ['webhooks.deliveries-list-paging'],
    description:
      "Off by one in the deliveries list's cursor: every page after the first leaves out its first delivery (spec 4.11: a page's next_cursor leads to the next).",
    operations: ['listWebhookDeliveries'],
    aroundHandler: answerAltered((page, context) =>
      context.input.query.cursor === undefined || !Array.isArray(page?.data) ? page : { ...page, data: page.data.slice(1) },
    ),
  },
  {
    name: 'delivery-detail-without-response',
    area: 'webhooks',
    proves: ['webhooks.delivery-detail-response'],
    description:
      "A single delivery shows the list's fields and its payload but not the start of the receiver's response (spec 4.11: the single delivery adds it).",
    operations: ['getWebhookDelivery'],
    aroundHandler: answerAltered(({ response_body: _dropped, ...delivery }) => delivery),
  },
  {
    name: 'ping-to-every-catch-all',
    area: 'webhooks',
    proves: ['webhooks.ping-only-pinged'],
    description:
      'The ping is queued as a workspace event, so every webhook subscribed to `*` gets it besides the one pinged (spec 4.11: ping sends a ping to the webhook).',
    operations: ['pingWebhook'],
    aroundHandler: async (next, context) => {
      const result = await next();
      await queuePingAgain(
        context,
        result,
        (webhook) => webhook.id !== context.input.path.id && webhook.active && webhook.events.includes('*'),
      );
      return result;
    },
  },
];

/** Queues the ping the route answered to `recipients` of the workspace besides the pinged webhook, which the route has sent it to. */
async function queuePingAgain(
  context: HandlerContext,
  result: HandlerResult,
  recipients: (webhook: StoredWebhook) => boolean,
): Promise<void> {
  const workspace = context.caller?.workspace;
  // A ping is kept in no events table: its event is the payload of the delivery the route answers.
  const pinged = result instanceof Response ? undefined : workspace?.tables.deliveries.get(String((result.body as { id?: string }).id));
  const ping = pinged?.payload;
  if (!workspace || !ping || !('occurred_at' in ping)) return;
  for (const webhook of [...workspace.tables.webhooks.values()].filter(recipients)) {
    const delivery = await workspace.tables.deliveries.insert(
      newDelivery(workspace, webhook.id, ping, { windowStartMs: Date.parse(ping.occurred_at) }),
    );
    scheduleAttempt(context.state, workspace, delivery);
  }
}

const SENDING: DeliveryFault[] = [
  {
    name: 'delivery-form-encoded',
    area: 'webhooks',
    proves: ['webhooks.delivery-post-json'],
    description:
      'A delivery posts the event form-encoded, `payload=<the JSON>`, as some chat webhooks take it, instead of a JSON body (spec 6.1).',
    alterAttempt: (attempt) => {
      attempt.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      return { ...attempt, body: `payload=${encodeURIComponent(attempt.body)}` };
    },
  },
  {
    name: 'ping-without-event-header',
    area: 'webhooks',
    proves: ['webhooks.header-event'],
    description:
      'A ping is sent without Svc-Event (the ping sender builds its own headers and names the type only in the body), where every delivery names its event type (spec 6.1).',
    alterAttempt: (attempt) => {
      if (attempt.headers['Svc-Event'] === 'ping') delete attempt.headers['Svc-Event'];
      return attempt;
    },
  },
  {
    name: 'redirects-not-followed',
    area: 'webhooks',
    proves: ['webhooks.redirects-followed'],
    description:
      "A redirect answer is taken as the attempt's answer and fails it: the HTTP client is set not to follow redirects (spec 6.3: up to 3 on the same host are followed).",
    alterAttempt: (attempt) => ({ ...attempt, redirects: { max: 0, anyHost: false } }),
  },
];

/** The recipients with every other active webhook whose patterns `matches` takes for the event's type. */
const alsoMatching =
  (matches: (pattern: string, type: string) => boolean): DeliveryFault['alterRecipients'] =>
  (recipients, { event, active }) => [
    ...recipients,
    ...active.filter(
      (webhook) =>
        !recipients.includes(webhook) &&
        event.type !== 'webhook.disabled' &&
        webhook.events.some((pattern) => matches(pattern, event.type)),
    ),
  ];

/** The action of an event type or pattern: what follows its last dot. */
const actionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1);

const PATTERNS: DeliveryFault[] = [
  {
    name: 'name-patterns-match-action',
    area: 'webhooks',
    proves: ['webhooks.pattern-name'],
    description:
      'An event-name pattern is compared by its action only (the part after the dot), so a webhook subscribed to contact.created also gets lead.created (spec 6.4: an event name subscribes to that type).',
    alterRecipients: alsoMatching((pattern, type) => !pattern.includes('*') && actionOf(pattern) === actionOf(type)),
  },
  {
    name: 'group-patterns-match-all',
    area: 'webhooks',
    proves: ['webhooks.pattern-group'],
    description:
      'A group pattern such as lead.* is read as "has a star", the same as *, so it subscribes to every event type, other groups too (spec 6.4).',
    alterRecipients: alsoMatching((pattern) => pattern.endsWith('.*')),
  },
];

/** The failed attempts after which the buggy circuit breaker trips (a count, where spec 6.3 times the streak). */
const BREAKER_FAILURES = 7;

const STREAKS: DeliveryFault[] = [
  {
    name: 'ping-sent-to-host',
    area: 'webhooks',
    proves: ['webhooks.ping-sends'],
    description:
      "Ping checks the host: it posts the ping to the origin of the webhook's URL (scheme, host and port), not to the URL itself, so the endpoint never gets it (spec 4.11: ping sends a ping event to the webhook).",
    alterAttempt: (attempt) =>
      attempt.headers['Svc-Event'] === 'ping' ? { ...attempt, url: `${attempt.url.split('/').slice(0, 3).join('/')}/` } : attempt,
  },
  {
    name: 'webhook-circuit-breaker',
    area: 'webhooks',
    proves: ['webhooks.no-consecutive-failure-rule'],
    description:
      'A circuit breaker disables a webhook whose deliveries failed 7 times in a row: the 8th attempt trips it as it goes out (webhook.disabled follows), about 18 hours into the streak, where only 24 hours without success or a 410 disable one (spec 6.3).',
    alterAttempt: async (attempt, { state, workspace, webhook, delivery }) => {
      if (webhook.active && webhook.failing_since !== null && delivery.attempts >= BREAKER_FAILURES)
        await disableWebhook(state, workspace, webhook, 'no_success_24h');
      return attempt;
    },
  },
];

export const webhooksMutants: Fault[] = [...THE_WEBHOOK, ...URLS, ...DELIVERIES, ...SENDING, ...PATTERNS, ...STREAKS];
