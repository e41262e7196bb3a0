// The ping check (ping.ts) against a deployment without a receiver it reaches: the pinged webhook
// points at a URL that reaches no one (webhook-kit.ts, sinkUrls), so its attempt fails, and what
// spec 4.11 says of ping is judged from the answer and the delivery log: one ping delivery in the
// log of the webhook pinged, none in another's subscribed to `*` (4.11), the answer the delivery
// the log shows after its attempt (status, attempts, no response status), a failed attempt
// `retrying` (3), and, when the sink's name never resolves, a connection error as a failed attempt
// (6.3). What an answer of the receiver decides (2xx succeeds, other statuses fail) needs a receiver.
import { CheckSkipped } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { SeenEvent } from '../../kits/delivery-log-feed.ts';
import {
  RECEIVER_ONLY,
  settle,
  UNRESOLVABLE_SINK_HOST,
  withEventWebhook,
  withSinkWebhook,
  type EventWebhook,
} from '../../kits/webhook-kit.ts';

const isPing = (event: SeenEvent) => event.json?.type === 'ping';

export async function pingFromLog(context: CheckContext): Promise<void> {
  await withEventWebhook(context, 'ping', ['lead.created'], async (webhook) => {
    await withEventWebhook(context, 'ping-watcher', ['*'], async (watcher) => {
      const answer = await context.client.call('pingWebhook', { path: { id: webhook.id } });
      context.expectStatus(answer, 200, 201);
      const pings = await webhook.events(isPing);
      const sent = pings.length !== 1 && `the ping route answered, and the webhook's log shows ${pings.length} ping deliveries, not 1`;
      context.judge('webhooks.ping-sends', sent, answer);
      context.judge('webhooks.ping-answers-result', resultProblem(answer.json, pings[0]), answer);
      judgeFailedAttempt(context, webhook, answer);
      for (const rule of ['webhooks.any-2xx-succeeds', 'webhooks.non-2xx-fails', 'webhooks.delivery-success']) {
        context.skipRule(rule, `the receiver's answer decides it; ${RECEIVER_ONLY}`);
      }
      await settle(2_000);
      const strays = await watcher.events(isPing);
      const stray = strays.length > 0 && `a webhook subscribed to * shows ${strays.length} ping deliveries in its log; another was pinged`;
      context.judge('webhooks.ping-only-pinged', stray);
    });
  });
}

/** Why the ping's answer is not the result of its attempt as the log shows it: its delivery id, an attempt made, no answer. */
function resultProblem(result: any, logged: SeenEvent | undefined): string | undefined {
  const problems: string[] = [];
  const loggedId = logged?.logged?.json?.id;
  if (!/^dlv_\S+$/.test(result?.id ?? '')) problems.push(`its id is ${JSON.stringify(result?.id)}, not a dlv_ delivery id`);
  else if (loggedId && result.id !== loggedId) problems.push(`its id is ${result.id}, while the log's ping delivery is ${loggedId}`);
  if (!(result?.attempts >= 1)) problems.push(`attempts is ${JSON.stringify(result?.attempts)}: the attempt was made before the answer`);
  if (result?.status === 'success') problems.push('status is success, while the URL reaches no one');
  if (result?.response_status != null) problems.push(`response_status is ${result.response_status}, while no receiver answered`);
  return problems.length ? `the ping's answer is not the delivery result: ${problems.join('; ')}` : undefined;
}

/**
 * The attempt to a URL that reaches no one failed: the delivery is retrying (its schedule ahead),
 * and for a name that never resolves it was a connection error.
 */
function judgeFailedAttempt(context: CheckContext, webhook: EventWebhook, answer: Exchange): void {
  const { status, attempts } = answer.json ?? {};
  if (!(attempts >= 1)) return;
  const retrying = status !== 'retrying' && `a ping whose attempt failed (no one reached) shows status ${status}, not retrying`;
  context.judge('webhooks.delivery-retrying', retrying, answer);
  judgeConnectionError(context, webhook, answer);
}

/**
 * A deployment with a receiver too: a webhook at the sink is pinged for the connection error
 * alone (a mock's is made at a closed port of this machine, ping.ts).
 */
export async function judgeConnectionErrorAtSink(context: CheckContext): Promise<void> {
  try {
    await withSinkWebhook(context, 'ping-unresolvable', ['lead.created'], async (webhook) => {
      const answer = await context.client.call('pingWebhook', { path: { id: webhook.id } });
      context.expectStatus(answer, 200, 201);
      judgeConnectionError(context, webhook, answer);
    });
  } catch (error) {
    // No sink saved: only this rule goes unjudged, not the ping's others.
    if (!(error instanceof CheckSkipped)) throw error;
    context.skipRule('webhooks.connection-error-fails', error.message);
  }
}

/** For a name that never resolves, the attempt was a connection error: a failed attempt without an answer (spec 6.3). */
function judgeConnectionError(context: CheckContext, webhook: EventWebhook, answer: Exchange): void {
  const { status, response_status: responseStatus } = answer.json ?? {};
  if (new URL(webhook.url).hostname !== UNRESOLVABLE_SINK_HOST) {
    const reason = `the deployment refused ${UNRESOLVABLE_SINK_HOST}, and an attempt to its other sink times out instead`;
    return context.skipRule('webhooks.connection-error-fails', reason);
  }
  const failed = status !== 'success' && responseStatus == null;
  const shown = `a ping to a name that never resolves shows status ${JSON.stringify(status)}, response_status ${responseStatus}`;
  context.judge('webhooks.connection-error-fails', !failed && `${shown}: a connection error is a failed attempt without an answer`, answer);
}
