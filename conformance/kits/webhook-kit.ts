// What the webhook checks share: the run's receiver (started on first use, closed when the run
// ends), a webhook of the check's own that points at it and is deleted when the check ends, and
// waiting for deliveries and for the first retry. Without a receiver the deployment can reach, a
// check that judges events by their contents gets a webhook at a URL that reaches no one and
// reads its events from the delivery log (withEventWebhook, delivery-log-feed.ts).
import type { ConformanceClient } from '../client.ts';
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { advanceMockClock } from '../mock-control.ts';
import { WebhookReceiver, type ReceivedRequest } from '../../harness/webhook-receiver.ts';
import { DeliveryLogFeed, type SeenEvent } from './delivery-log-feed.ts';
import { waitingFor } from '../../harness/waiting.ts';

const receivers = new WeakMap<ConformanceClient, Promise<WebhookReceiver>>();

function receiverOf(context: CheckContext): Promise<WebhookReceiver> {
  let receiver = receivers.get(context.client);
  if (!receiver) {
    const { publicUrl, port } = context.target.webhookReceiver ?? { publicUrl: undefined, port: 0 };
    receiver = WebhookReceiver.start({ publicUrl, port });
    receivers.set(context.client, receiver);
    context.cleanup(async () => (await receiver!).close());
  }
  return receiver;
}

/** What a test webhook subscribes to: event patterns, and filters (spec 4.11). */
export type WebhookSubscription = { events: string[]; filters?: Record<string, string[]> };

export type TestWebhook = {
  id: string;
  /** The signing secret the creation answered. */
  secret: string;
  /** The receiver's path this webhook delivers to. */
  path: string;
  receiver: WebhookReceiver;
  /** The `count`-th request that reached this webhook's path (and `match`), or the check fails saying `what` did not come. */
  delivery(
    count: number,
    what: string,
    options?: { match?: (request: ReceivedRequest) => boolean; timeoutMs?: number },
  ): Promise<ReceivedRequest>;
};

/** An immediate delivery (a ping, a new event) reaches a mock within milliseconds; a deployment goes through a tunnel. */
function deliveryWaitMs(context: CheckContext): number {
  return context.target.mock ? 5_000 : 30_000;
}

/** Skips unless deliveries can reach the receiver: a mock on this machine, or a deployment with a public receiver URL. */
export function needReceiver(context: CheckContext): void {
  if (!receiverReachable(context)) {
    context.skip(
      "needs --webhook-receiver-url: a public HTTPS address that forwards to the suite's receiver on 127.0.0.1:--webhook-receiver-port",
    );
  }
}

/** Skips unless the first retry (1 minute after the event, spec 6.3) can be waited for. */
export function needRetries(context: CheckContext): void {
  needReceiver(context);
  if (!context.target.mock && !context.target.waitForRetries)
    context.skip('the first retry comes a minute after the event: give --wait-for-retries to wait for it');
}

/**
 * Brings the first retry about: a mock's clock is moved a minute on (it answers once what fell
 * due has run); against a deployment the suite waits. Answers how long to wait for its arrival.
 */
export async function letFirstRetryCome(context: CheckContext): Promise<number> {
  if (context.target.mock) {
    await intoALaterSecond(context);
    await advanceMockClock(context, 60);
    return RETRY_ARRIVAL_ON_MOCK_MS;
  }
  return 150_000;
}

/**
 * When the move answers, a mock has sent the retry that fell due (on a clock that follows real
 * time it does not wait for the receiver's answer): it arrives within milliseconds. 2 s leaves
 * room for a loaded machine, as for events (events-kit.ts), and keeps a fault that sends no retry
 * from holding the mutation test up for the 5 s an immediate delivery gets.
 */
const RETRY_ARRIVAL_ON_MOCK_MS = 2_000;

/**
 * Lets the wall-clock second of the first attempt pass, so that a retry signed again carries a
 * later timestamp (wall-clock seconds, spec 6.1, 6.2). A mock that delivers to 127.0.0.1 runs on
 * this machine and reads its clock: reaching the next second here is enough (half a second on
 * average). One behind a public receiver URL may be elsewhere, on a clock a fraction of a second
 * apart: a whole second and a margin then.
 */
async function intoALaterSecond(context: CheckContext): Promise<void> {
  if (context.target.webhookReceiver?.publicUrl) return settle(1_100);
  const second = Math.floor(Date.now() / 1000);
  // A timer may fire a millisecond early: read the clock again until the second has changed.
  while (Math.floor(Date.now() / 1000) === second) await settle(1000 - (Date.now() % 1000) + 5);
}

/**
 * Creates a webhook named with the run id that delivers `events` to a path of the receiver of
 * its own, runs `work` with it, and deletes it (also at the end of the run, should `work` be cut short).
 */
export async function withWebhook(
  context: CheckContext,
  slug: string,
  subscription: string[] | WebhookSubscription,
  work: (webhook: TestWebhook) => Promise<void>,
): Promise<void> {
  needReceiver(context);
  const receiver = await receiverOf(context);
  const path = `/crmkit-conformance/${context.runId}/${slug}`;
  const url = receiver.url(path);
  const created = await saveWebhook(context, slug, url, subscription);
  skipIfReceiverRefused(context, created, url);
  const full = noRoomForWebhook(created);
  if (full) context.skip(full);
  context.expectStatus(created, 200, 201);
  const { webhook, secret } = created.json;
  const wait = deliveryWaitMs(context);
  const testWebhook: TestWebhook = {
    id: webhook.id,
    secret,
    path,
    receiver,
    async delivery(count, what, { match, timeoutMs = wait } = {}) {
      const found = await waitingFor(what, timeoutMs, () => receiver.nth(path, count, timeoutMs, match));
      if (!found) context.fail(`${what} did not reach the receiver within ${timeoutMs / 1000} s`);
      return found;
    },
  };
  await workThenRemove(context, webhook.id, () => work(testWebhook));
}

/**
 * A webhook whose events a check judges by their contents: where the suite sees them, at its
 * receiver (a mock here, or --webhook-receiver-url) or, without one, in the webhook's delivery log.
 */
export type EventWebhook = {
  id: string;
  secret: string;
  /** The URL it was saved with: the receiver's, or the sink's that took it (sinkUrls). */
  url: string;
  /** Where its events are seen: the log shows payloads, not the requests' headers (spec 4.11). */
  seenAt: 'receiver' | 'log';
  /** The `count`-th event that `match` accepts, waited for at most `timeoutMs`; undefined when it did not come. */
  event(count: number, timeoutMs: number, match: (event: SeenEvent) => boolean): Promise<SeenEvent | undefined>;
  /** The events seen so far that `match` accepts, in the order they came. */
  events(match: (event: SeenEvent) => boolean): Promise<SeenEvent[]>;
};

/**
 * Like withWebhook, but without a receiver the deployment can reach, the webhook points at a URL
 * that reaches no one (`sinkUrls`) and its events are read from its delivery log.
 */
export async function withEventWebhook(
  context: CheckContext,
  slug: string,
  subscription: string[] | WebhookSubscription,
  work: (webhook: EventWebhook) => Promise<void>,
): Promise<void> {
  if (receiverReachable(context)) {
    return withWebhook(context, slug, subscription, (atReceiver) =>
      work({
        id: atReceiver.id,
        secret: atReceiver.secret,
        url: atReceiver.receiver.url(atReceiver.path),
        seenAt: 'receiver',
        event: (count, timeoutMs, match) => atReceiver.receiver.nth(atReceiver.path, count, timeoutMs, match),
        events: async (match) => atReceiver.receiver.requestsTo(atReceiver.path, match),
      }),
    );
  }
  await withSinkWebhook(context, slug, subscription, work);
}

/** A webhook at a URL that reaches no one (`sinkUrls`), whose events are read from its delivery log, whatever receiver the run has. */
export async function withSinkWebhook(
  context: CheckContext,
  slug: string,
  subscription: string[] | WebhookSubscription,
  work: (webhook: EventWebhook) => Promise<void>,
): Promise<void> {
  const { webhook, secret, url } = await saveAtSink(context, slug, subscription);
  const feed = new DeliveryLogFeed(context, webhook.id);
  const logged: EventWebhook = {
    id: webhook.id,
    secret,
    url,
    seenAt: 'log',
    event: (count, timeoutMs, match) => feed.nth(count, timeoutMs, match),
    events: (match) => feed.events(match),
  };
  await workThenRemove(context, webhook.id, () => work(logged));
}

/** Whether deliveries can reach the suite's receiver: a mock on this machine, or a deployment with a public receiver URL. */
export function receiverReachable(context: CheckContext): boolean {
  return Boolean(context.target.mock || context.target.webhookReceiver?.publicUrl);
}

/** Why a rule is left to a run with a receiver. */
export const RECEIVER_ONLY = 'needs --webhook-receiver-url: the delivery log shows the payload, not the request a receiver gets';

/**
 * URLs that pass the rules of spec 4.11 (HTTPS, port 443, not a private, loopback or link-local
 * address, no localhost) and reach no one, tried in this order until the deployment saves one.
 * `.invalid` is reserved never to resolve (RFC 6761 6.4: resolvers answer it negatively at once):
 * each attempt fails at the lookup, no request leaves, but a deployment that resolves names when
 * a webhook is saved may refuse it. 192.0.2.1 (TEST-NET-1, RFC 5737) is an address, saved without
 * a lookup where only the ranges the spec names are refused, that no host answers on the public
 * Internet: each attempt waits out the 10 s answer time (6.3) and nothing is delivered. A
 * deployment that counts documentation addresses as not public refuses it: the spec leaves that open.
 */
export function sinkUrls(context: CheckContext, slug: string): string[] {
  const path = `crmkit-conformance/${context.runId}/${slug}`;
  return [`https://${UNRESOLVABLE_SINK_HOST}/${path}`, `https://192.0.2.1/${path}`];
}

/** The sink whose attempts fail at the lookup: a connection error, not a timeout (spec 6.3). */
export const UNRESOLVABLE_SINK_HOST = 'crmkit-conformance-sink.invalid';

/** A webhook at the first sink URL the deployment saves; skips when it saves none. */
type Saved = { webhook: any; secret: string; url: string };

async function saveAtSink(context: CheckContext, slug: string, subscription: string[] | WebhookSubscription): Promise<Saved> {
  const urls = sinkUrls(context, slug);
  for (const url of urls) {
    const created = await saveWebhook(context, slug, url, subscription);
    if (created.status === 422 && created.json?.error?.fields?.url) continue;
    const full = noRoomForWebhook(created);
    if (full) context.skip(full);
    context.expectStatus(created, 200, 201);
    return { ...created.json, url };
  }
  const refused = `the deployment refused ${urls.join(' and ')}`;
  return context.skip(`needs --webhook-receiver-url, or a webhook URL that reaches no one, whose log shows the events: ${refused}`);
}

/** Creates the check's webhook, named with the run id. */
function saveWebhook(context: CheckContext, slug: string, url: string, subscription: string[] | WebhookSubscription): Promise<Exchange> {
  const { events, filters } = Array.isArray(subscription) ? { events: subscription, filters: undefined } : subscription;
  const body = { name: `conformance ${context.runId} ${slug}`, url, events, ...(filters ? { filters } : {}) };
  return context.client.call('createWebhook', { body });
}

/** Runs `work`, then deletes the webhook once (also at the end of the run, should `work` be cut short). */
async function workThenRemove(context: CheckContext, webhookId: string, work: () => Promise<void>): Promise<void> {
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    await deleteWebhook(context, webhookId);
  };
  context.cleanup(remove);
  try {
    await work();
  } finally {
    await remove();
  }
}

/** Skips when the target refused a webhook URL of the suite's receiver (a mock without --allow-private-webhooks refuses 127.0.0.1, spec 4.11). */
function skipIfReceiverRefused(context: CheckContext, created: { status: number; json?: any }, url: string): void {
  if (created.status === 422 && created.json?.error?.fields?.url && !context.target.webhookReceiver?.publicUrl) {
    context.skip(
      `the mock refuses the receiver's address ${url}: start it with --allow-private-webhooks (createMock({ allowPrivateWebhooks: true })), or give --webhook-receiver-url`,
    );
  }
}

/**
 * Skips unless the target takes `url` as a webhook URL, found out as the webhook checks find it:
 * a webhook to it is made (and deleted at once). An app's webhook URL (spec 6.5) is held to the
 * same rules at delivery, so a lifecycle check whose receiver a webhook may not reach is skipped
 * with the webhook checks' reason, not failed for events that could never come.
 */
export async function needReceiverAccepted(context: CheckContext, url: string): Promise<void> {
  const body = { name: `conformance ${context.runId} receiver probe`, url, events: ['lead.created'] };
  const created = await context.client.call('createWebhook', { body });
  // The app's receiver is always on 127.0.0.1 (lifecycle-kit.ts): --webhook-receiver-url does not help it.
  if (created.status === 422 && created.json?.error?.fields?.url) {
    context.skip(
      `the mock refuses the receiver's address ${url}: start it with --allow-private-webhooks (createMock({ allowPrivateWebhooks: true }))`,
    );
  }
  if (created.status < 300 && created.json?.webhook?.id) await deleteWebhook(context, created.json.webhook.id);
}

/**
 * Deletes the webhook (an inferred route); where a deployment has none (any refusal but a 404
 * not_found or 410 gone of a webhook already deleted), switches it off instead (spec 4.11: PATCH).
 */
export async function deleteWebhook(context: CheckContext, id: string): Promise<void> {
  const deleted = await context.client.call('deleteWebhook', { path: { id } });
  if (deleted.status < 300 || ['not_found', 'gone'].includes(deleted.json?.error?.code)) return;
  await context.client.call('updateWebhook', { path: { id }, body: { active: false } });
}

/** Every delivery of a webhook, newest first, walking the pages of its deliveries list (spec 4.11); fails the check when a page does not answer 200. */
export async function allDeliveries(context: CheckContext, webhookId: string): Promise<any[]> {
  const found: any[] = [];
  let cursor = '';
  for (let page = 0; page < 20; page++) {
    const answer = await context.client.call('listWebhookDeliveries', {
      path: { id: webhookId },
      query: { limit: 250, ...(cursor ? { cursor } : {}) },
    });
    context.expectStatus(answer, 200);
    found.push(...(answer.json?.data ?? []));
    cursor = answer.json?.next_cursor ?? '';
    if (!cursor || answer.json?.has_more === false) break;
  }
  return found;
}

/** Waits up to `ms` (a moment for events that should not come, past the ones that did). */
export function settle(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A webhook signing secret as spec 4.11 gives it: `whsec_` and 43 characters. */
export const SECRET_FORMAT = /^whsec_\S{43}$/;

/**
 * Why a webhook could not be made for want of room, or undefined: the plan's count is used (spec
 * 4.11 `limit_reached` with `key: webhooks`). On a deployment that offers no route to delete a
 * webhook (4.11 does not show one), those the run made and could only switch off count too.
 */
export function noRoomForWebhook(created: Exchange): string | undefined {
  const error = created.json?.error;
  if (error?.code !== 'limit_reached' || error.key !== 'webhooks') return undefined;
  return `the workspace has no room for another webhook: its plan's ${error.limit ?? ''} are used (webhooks this run could only switch off count too)`;
}
