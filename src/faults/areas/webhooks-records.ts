// Mutants of webhook records (spec 2.13, 4.11): URLs and ports, events and filters, plan
// limits, the secret, and what a webhook answers.
import type { MockState } from '../../mock-state.ts';
import { passesFilters } from '../../resources/webhooks/event-filters.ts';
import { subscribesTo } from '../../resources/webhooks/event-patterns.ts';
import { isIpAddress, isPublicAddress } from '../../resources/webhooks/ip-address.ts';
import type { StoredWebhook } from '../../resources/webhooks/webhook-record.ts';
import type { RecipientsInfo } from '../../seams/delivery-seams.ts';
import type { DeliveryFault } from '../fault-seam.ts';
import { callerOf } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { alterResultBody, changed, onErrorCode } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { addressIn } from '../addresses.ts';
import { alterOk, onOperation, sentJson, withJson } from '../request-match.ts';
import { findWebhook, alterAnswer, WEBHOOK_RECORD, unchanged } from '../webhook-requests.ts';

/** Saving a webhook: create and change. */
const WEBHOOK_SAVES = ['createWebhook', 'updateWebhook'] as const satisfies readonly OperationId[];

/** Sets `active: true` on a webhook the service disabled (`status` other than active), as a read answers it. */
function activeAgain(webhook: any): any {
  return webhook && typeof webhook === 'object' && webhook.object === 'webhook' && webhook.status !== 'active'
    ? { ...webhook, active: true }
    : webhook;
}

/** The host of a URL as written (IPv6 without brackets), or undefined. */
function hostOf(url: unknown): string | undefined {
  return typeof url === 'string' ? addressIn(url)?.hostname.replace(/^\[(.*)\]$/, '$1') : undefined;
}

const PLACEHOLDER_URL = 'https://hooks.example.com/crmkit-fault-placeholder';

/** private-webhook-url-accepted: the private address each create sent, by request, from its input to its answer. */
const privateUrlsSent = (state: MockState) => faultMemory(state, 'private-webhook-url-accepted', () => new WeakMap<Request, string>());

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

export const webhooksRecordsMutants: readonly DeliveryFault[] = [
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
];
