// Spec 4.11 ("Ping sends a ping event at once and answers with the delivery result"), 3 ("Webhook
// delivery": a 2xx ends as success, a failed attempt leads to retrying) and 6.3 (any 2xx succeeds;
// anything else, or a connection error, is a failed attempt). The ping is the one delivery the
// suite can bring about and read the result of in one call, so it proves the outcome rules.
// The result is read as the delivery (its status, attempts and response status), as the
// deliveries list shows it: the spec does not show the answer's fields (a reading).
// A connection error is made by pointing a webhook at a closed port of this machine, which only a
// mock on this machine reaches; against a deployment, at a name that never resolves. Without a
// receiver the deployment reaches, the ping goes to a URL that reaches no one and is judged from
// the log (ping-from-log.ts).
import { createServer } from 'node:net';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { allDeliveries, deleteWebhook, receiverReachable, settle, withWebhook, type TestWebhook } from '../../kits/webhook-kit.ts';
import { judgeConnectionErrorAtSink, pingFromLog } from './ping-from-log.ts';

export const ping: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.ping',
  area: 'webhooks',
  title:
    'ping sends a ping at once, only to the webhook pinged, and answers the delivery result: success for any 2xx, retrying for anything else or a connection error',
  spec: '3, 4.11, 6.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (!receiverReachable(context)) return pingFromLog(context);
    await withWebhook(context, 'ping', ['lead.created'], async (webhook) => {
      await withWebhook(context, 'ping-watcher', ['*'], async (watcher) => {
        const ok = await pingAnswering(context, webhook, 200);
        const arrived = webhook.receiver.requestsTo(webhook.path, (request) => request.headers['svc-event'] === 'ping');
        context.judge(
          'webhooks.ping-sends',
          arrived.length === 1
            ? undefined
            : `the ping route answered, and ${arrived.length} ping requests reached the webhook's URL, not 1`,
          ok,
        );
        context.judge('webhooks.ping-answers-result', resultProblem(ok.json, 'success', 200), ok);
        context.judge(
          'webhooks.delivery-success',
          ok.json?.status === 'success'
            ? undefined
            : `a ping answered 200 by the receiver shows status ${JSON.stringify(ok.json?.status)}, not success`,
          ok,
        );

        const accepted = await pingAnswering(context, webhook, 202);
        context.judge(
          'webhooks.any-2xx-succeeds',
          accepted.json?.status === 'success'
            ? undefined
            : `a ping answered 202 by the receiver shows status ${JSON.stringify(accepted.json?.status)}, not success: any 2xx succeeds`,
          accepted,
        );

        const refused = await pingAnswering(context, webhook, 500);
        const failedStatus = refused.json?.status;
        context.judge(
          'webhooks.non-2xx-fails',
          failedStatus === 'retrying' || failedStatus === 'failed'
            ? undefined
            : `a ping answered 500 by the receiver shows status ${JSON.stringify(failedStatus)}: a non-2xx answer is a failed attempt`,
          refused,
        );
        context.judge(
          'webhooks.delivery-retrying',
          failedStatus === 'retrying'
            ? undefined
            : `a ping whose attempt failed (500) shows status ${JSON.stringify(failedStatus)}, not retrying, with its schedule ahead`,
          refused,
        );

        await judgeConnectionError(context);

        // The pings went to `webhook`; the watcher subscribed to everything must have none of them.
        await settle(context.target.mock ? 200 : 2_000);
        const watcherPings = watcher.receiver.requestsTo(watcher.path, (request) => request.headers['svc-event'] === 'ping').length;
        const listed = (await allDeliveries(context, watcher.id)).filter((delivery) => delivery.event_type === 'ping').length;
        context.judge(
          'webhooks.ping-only-pinged',
          watcherPings + listed === 0
            ? undefined
            : `a webhook subscribed to * got ${watcherPings} ping requests and lists ${listed} ping deliveries, while only another webhook was pinged`,
        );
      });
    });
  },
};

/** Pings the webhook while its receiver answers `status`; the ping route must answer 200. */
async function pingAnswering(context: CheckContext, webhook: TestWebhook, status: number): Promise<Exchange> {
  webhook.receiver.answer(webhook.path, () => status);
  const answer = await context.client.call('pingWebhook', { path: { id: webhook.id } });
  context.expectStatus(answer, 200, 201);
  return answer;
}

/** Why the ping's answer is not the result of an attempt answered `responseStatus`, or undefined. */
function resultProblem(delivery: any, status: string, responseStatus: number): string | undefined {
  const problems: string[] = [];
  if (!/^dlv_\S+$/.test(delivery?.id ?? '')) problems.push(`its id is ${JSON.stringify(delivery?.id)}, not a dlv_ delivery id`);
  if (!(delivery?.attempts >= 1))
    problems.push(`attempts is ${JSON.stringify(delivery?.attempts)}: the attempt was made before the answer`);
  if (delivery?.status !== status) problems.push(`status is ${JSON.stringify(delivery?.status)}, not ${status}`);
  if (delivery?.response_status !== responseStatus)
    problems.push(`response_status is ${JSON.stringify(delivery?.response_status)}, not the receiver's ${responseStatus}`);
  return problems.length ? `the ping's answer is not the delivery result: ${problems.join('; ')}` : undefined;
}

/** A webhook at a closed port of this machine (a mock here only): its ping is a failed attempt with no response status. */
async function judgeConnectionError(context: CheckContext): Promise<void> {
  if (!context.target.mock || context.target.webhookReceiver?.publicUrl) return judgeConnectionErrorAtSink(context);
  const url = `http://127.0.0.1:${await closedPort()}/crmkit-conformance/${context.runId}/closed`;
  const created = await context.client.call('createWebhook', {
    body: { name: `conformance ${context.runId} ping-closed`, url, events: ['lead.created'] },
  });
  if (created.status !== 201) return; // a mock that refuses 127.0.0.1 (no --allow-private-webhooks): withWebhook has skipped before
  const id = created.json.webhook.id;
  context.cleanup(() => deleteWebhook(context, id));
  const answer = await context.client.call('pingWebhook', { path: { id } });
  // Deleted at once: its retries would wait on the clock moves of later checks.
  await deleteWebhook(context, id);
  context.expectStatus(answer, 200, 201);
  const { status, response_status: responseStatus } = answer.json ?? {};
  const problem =
    status === 'success' || responseStatus != null
      ? `a ping to a closed port shows status ${JSON.stringify(status)} and response_status ${JSON.stringify(responseStatus)}: a connection error is a failed attempt without an answer`
      : undefined;
  context.judge('webhooks.connection-error-fails', problem, answer);
}

/** A port of 127.0.0.1 that nothing listens on (one that was just free). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
