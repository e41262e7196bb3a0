// Spec 4.11: "Deliveries list: status, attempts, response status, latency; uses the envelope
// {object: list, data, next_cursor, has_more} with an empty-string cursor at the end. The single
// delivery adds the payload and the start of the receiver's response"; 6.3 and 8: "the first 2 KB
// is kept in the delivery log"; 3: a 2xx answer ends as `success`. The receiver answers every
// delivery of this webhook with a 3,000-character body, so the log's start can be held to its
// first 2,048 characters (ASCII: bytes and characters agree). Field names the spec does not give
// (`response_status`, `latency_ms`, `response_body`) are crmkit's, in the rules' readings.
// Three deliveries (two pings and a lead's event) make two pages of two; a deployment may deliver an
// event more than once (6.3: "At-least-once: duplicates possible"), so the walk must give at least
// those three, each delivery once. Without a receiver the
// deployment reaches, the webhook points at a URL that reaches no one: the list, its pages and the
// payloads are judged all the same; what the receiver's answer decides (success, the start of the
// answer kept) needs a receiver.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { eventAbout, eventWaitMs } from '../../kits/events-kit.ts';
import { sameJson } from '../../same-json.ts';
import { RECEIVER_ONLY, receiverReachable, withEventWebhook, withWebhook, type TestWebhook } from '../../kits/webhook-kit.ts';

const KEPT = 2048;
const LONG_ANSWER = JSON.stringify({ received: true, note: 'crmkit conformance: a long answer '.repeat(100) }).slice(0, 3000);
const STATUSES = ['pending', 'retrying', 'success', 'failed'];

export const deliveryLog: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.delivery-log',
  area: 'webhooks',
  title:
    "the deliveries list pages with {object: list, data, next_cursor, has_more} and an empty cursor at the end; a delivery shows its status, attempts, response status and latency, and alone its payload and the first 2 KB of the receiver's answer",
  spec: '3, 4.11, 6.3, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (!receiverReachable(context)) return judgeWithoutReceiver(context);
    await withWebhook(context, 'delivery-log', ['lead.created'], async (webhook) => {
      webhook.receiver.answer(webhook.path, () => ({ status: 200, body: LONG_ANSWER }));
      context.expectStatus(await context.client.call('pingWebhook', { path: { id: webhook.id } }), 200, 201);
      const lead = await context.createLead();
      const event = await webhook.delivery(1, 'lead.created', { match: (request) => request.json?.data?.object?.id === lead.id });
      context.expectStatus(await context.client.call('pingWebhook', { path: { id: webhook.id } }), 200, 201);
      const deliveryId =
        event.headers['svc-delivery'] || context.fail('the lead.created delivery carries no Svc-Delivery: there is no delivery id to read');

      const single = await settledDelivery(context, webhook, deliveryId);
      context.judge(
        'webhooks.delivery-success',
        single.json?.status === 'success'
          ? undefined
          : `a delivery answered 200 by the receiver shows status ${JSON.stringify(single.json?.status)}, not success`,
        single,
      );
      context.judge('webhooks.delivery-detail-payload', payloadProblem(single.json?.payload, event.json), single);
      const kept = single.json?.response_body;
      context.judge(
        'webhooks.delivery-detail-response',
        typeof kept === 'string' && kept.length > 0 && LONG_ANSWER.startsWith(kept)
          ? undefined
          : `response_body is ${JSON.stringify(kept)?.slice(0, 80)}, not the start of the receiver's answer`,
        single,
      );
      context.judge(
        'webhooks.log-keeps-2kb',
        kept === LONG_ANSWER.slice(0, KEPT)
          ? undefined
          : `the log keeps ${typeof kept === 'string' ? `${kept.length} characters` : JSON.stringify(kept)} of a 3,000-character answer, not its first 2 KB (${KEPT})`,
        single,
      );

      await judgePages(context, webhook.id);
    });
  },
};

/** The same deliveries to a URL that reaches no one: the lead's event found by its payload in the log, and the pages judged. */
async function judgeWithoutReceiver(context: CheckContext): Promise<void> {
  await withEventWebhook(context, 'delivery-log', ['lead.created'], async (webhook) => {
    const ping = () => context.client.call('pingWebhook', { path: { id: webhook.id } });
    context.expectStatus(await ping(), 200, 201);
    const lead = await context.createLead();
    const event = await webhook.event(1, eventWaitMs(context), eventAbout('lead.created', lead.id));
    context.expectStatus(await ping(), 200, 201);
    const shown = `no single delivery of the webhook shows a payload that is the lead.created about ${lead.id}`;
    context.judge('webhooks.delivery-detail-payload', !event && `${shown}, within ${eventWaitMs(context) / 1000} s`);
    for (const rule of ['webhooks.delivery-success', 'webhooks.delivery-detail-response', 'webhooks.log-keeps-2kb']) {
      context.skipRule(rule, `the receiver's answer decides it; ${RECEIVER_ONLY}`);
    }
    await judgePages(context, webhook.id);
  });
}

/** The delivery alone, once its attempt is recorded (the receiver may have it a moment before the service records the answer). */
async function settledDelivery(context: CheckContext, webhook: TestWebhook, deliveryId: string): Promise<Exchange> {
  const deadline = Date.now() + (context.target.mock ? 2_000 : 15_000);
  for (;;) {
    const single = await context.client.call('getWebhookDelivery', { path: { id: webhook.id, did: deliveryId } });
    context.expectStatus(single, 200);
    if (single.json?.status !== 'pending' || Date.now() > deadline) return single;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function payloadProblem(payload: any, sent: any): string | undefined {
  if (!payload || typeof payload !== 'object') return `the single delivery shows payload ${JSON.stringify(payload)}, not the event sent`;
  // The same event, not the same text: the log may order keys and write times otherwise (same-json.ts).
  if (sameJson(payload, sent)) return undefined;
  return (
    `the payload (event ${payload.id}, type ${payload.type}) is not the event the receiver got ` + `(event ${sent?.id}, type ${sent?.type})`
  );
}

/** Walks the list two by two: each page the envelope, each item the fields of 4.11, the last page's cursor empty. */
async function judgePages(context: CheckContext, webhookId: string): Promise<void> {
  const pages: Exchange[] = [];
  let cursor = '';
  do {
    const page = await context.client.call('listWebhookDeliveries', {
      path: { id: webhookId },
      query: { limit: 2, ...(cursor ? { cursor } : {}) },
    });
    context.expectStatus(page, 200);
    pages.push(page);
    cursor = typeof page.json?.next_cursor === 'string' ? page.json.next_cursor : '';
  } while (cursor && pages.length < 5);
  const items = pages.flatMap((page) => page.json?.data ?? []);
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const envelope = pages.find(
    (page) =>
      page.json?.object !== 'list' ||
      !Array.isArray(page.json?.data) ||
      typeof page.json?.has_more !== 'boolean' ||
      !('next_cursor' in page.json),
  );
  const ids = new Set(items.map((item: any) => item.id));
  context.judge(
    'webhooks.deliveries-list-envelope',
    envelope && `a page of deliveries is not {object: list, data, next_cursor, has_more}: ${envelope.text.slice(0, 160)}`,
    envelope ?? first,
  );
  // The walk, judged on its own (a page without has_more is the envelope's problem, not the cursor's).
  context.judge(
    'webhooks.deliveries-list-paging',
    items.length < 3 || ids.size !== items.length
      ? `walking the list two by two gave ${items.length} deliveries (${ids.size} distinct), not the webhook's 3 (or more), each once`
      : typeof first.json?.has_more === 'boolean' && first.json.has_more !== true
        ? 'the first page of 2 of 3 deliveries says has_more false'
        : undefined,
    pages.at(1) ?? first,
  );
  context.judge(
    'webhooks.deliveries-list-end-cursor',
    last.json?.next_cursor === '' && last.json?.has_more === false
      ? undefined
      : `the last page answers next_cursor ${JSON.stringify(last.json?.next_cursor)} and has_more ${JSON.stringify(last.json?.has_more)}, not "" and false`,
    last,
  );
  const missing = items.find(
    (item: any) => !('status' in item) || typeof item.attempts !== 'number' || !('response_status' in item) || !('latency_ms' in item),
  );
  context.judge(
    'webhooks.deliveries-list-fields',
    missing
      ? `a listed delivery lacks status, attempts, response_status or latency_ms: ${JSON.stringify(missing).slice(0, 200)}`
      : undefined,
    first,
  );
  const odd = items.find((item: any) => !STATUSES.includes(item.status));
  context.judge(
    'webhooks.delivery-statuses',
    odd ? `a listed delivery has status ${JSON.stringify(odd.status)}, not one of ${STATUSES.join(', ')}` : undefined,
    first,
  );
  await judgeBadCursor(context, webhookId);
}

/** Spec 7.2, 7.3 and 4.13 ("invalid_cursor or validation_failed"): a bad cursor answers 400 invalid_cursor or 422 validation_failed. */
async function judgeBadCursor(context: CheckContext, webhookId: string): Promise<void> {
  // send, not call: a cursor the list never answered, where the document asks for one passed back exactly, on purpose.
  const answer = await context.client.send('GET', `/v1/webhooks/${webhookId}/deliveries?limit=2&cursor=crmkit-not-a-cursor`);
  const code = answer.json?.error?.code;
  const refused = (answer.status === 400 && code === 'invalid_cursor') || (answer.status === 422 && code === 'validation_failed');
  const expected = '400 invalid_cursor or 422 validation_failed';
  const problem = `the deliveries list with a bad cursor answered ${answer.status} ${code ?? ''}, not ${expected}`;
  context.judge('webhooks.deliveries-bad-cursor', refused ? undefined : problem, answer);
}
