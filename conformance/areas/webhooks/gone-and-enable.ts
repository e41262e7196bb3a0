// Spec 3 ("Webhook": a 410 answer disables it; deliveries still queued are marked `failed`;
// webhook.disabled goes to the other webhooks; `POST .../enable` turns it on, with `resend_failed`
// queuing failed deliveries again; `PATCH {active: true}` turns it on with nothing more) and 4.11
// (enable answers `{webhook, resent}`; test pings and deliveries already delivered by a replay
// are skipped). One webhook whose receiver answers as the step needs (500, 410 or 200), and a
// watcher, which gets webhook.disabled:
//   1. a lead's event fails (500): its delivery is `retrying`; a ping answered 410 disables the
//      webhook, and that delivery is then `failed`;
//   2. PATCH {active: true} turns it on; the failed delivery stays failed, nothing arrives;
//   3. a second lead's event fails, the first one's delivery is replayed and delivered, a second
//      410 ping disables the webhook again;
//   4. enable with resend_failed: the second lead's event comes again, not the first's (its replay
//      delivered it) nor the pings, and `resent` counts what came.
// What must not arrive is judged after a moment more than what must. The disabled state's
// `status` other than `active` is a reading (spec 3: "Status values other than active: not shown").
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import { skipIfNotOffered } from '../../inferred-route.ts';
import { settle, withWebhook, type TestWebhook } from '../../kits/webhook-kit.ts';

type Scene = { context: CheckContext; hook: TestWebhook; watcher: TestWebhook; wait: number; pause: number };

export const goneAndEnable: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.gone-and-enable',
  area: 'webhooks',
  title:
    'a 410 answer disables the webhook, fails its queued deliveries and tells the other webhooks; PATCH {active: true} only turns it on; enable with resend_failed queues failed deliveries again, skipping pings and events a replay delivered',
  spec: '3, 4.11',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'gone', ['lead.created'], async (hook) => {
      await withWebhook(context, 'gone-watcher', ['lead.created'], async (watcher) => {
        let answer = 500;
        hook.receiver.answer(hook.path, () => answer);
        const scene: Scene = {
          context,
          hook,
          watcher,
          wait: context.target.mock ? 5_000 : 30_000,
          pause: context.target.mock ? 300 : 3_000,
        };

        // 1. A failing delivery, then a 410.
        const first = await failingEvent(scene);
        answer = 410;
        await disableByGone(scene);
        const firstAfter = await deliveryOf(scene, first.deliveryId);
        context.judge(
          'webhooks.disabling-fails-queued',
          firstAfter.json?.status === 'failed'
            ? undefined
            : `a delivery retrying when the webhook was disabled shows status ${JSON.stringify(firstAfter.json?.status)}, not failed`,
          firstAfter,
        );
        const told = await watcher.receiver.nth(
          watcher.path,
          1,
          scene.wait,
          (request) => request.json?.type === 'webhook.disabled' && request.rawBody.includes(hook.id),
        );
        context.judge(
          'webhooks.disabled-told-to-others',
          told ? undefined : `the workspace's other webhook got no webhook.disabled naming ${hook.id} within ${scene.wait / 1000} s`,
        );

        // 2. PATCH {active: true}: on, and nothing resent.
        answer = 200;
        const patched = await context.client.call('updateWebhook', { path: { id: hook.id }, body: { active: true } });
        context.judge(
          'webhooks.patch-active-turns-on',
          patched.status === 200 && patched.json?.active === true && patched.json?.status === 'active'
            ? undefined
            : `PATCH {active: true} answered ${patched.status} with active ${JSON.stringify(patched.json?.active)} and status ${JSON.stringify(patched.json?.status)}`,
          patched,
        );
        await settle(scene.pause);
        const againAfterPatch = countOf(hook, first.leadId) - 1;
        const firstAfterPatch = await deliveryOf(scene, first.deliveryId);
        context.judge(
          'webhooks.patch-active-resends-nothing',
          againAfterPatch > 0 || firstAfterPatch.json?.status !== firstAfter.json?.status
            ? `after PATCH {active: true} the failed lead.created came ${againAfterPatch} more times and its delivery went from ${JSON.stringify(firstAfter.json?.status)} to ${JSON.stringify(firstAfterPatch.json?.status)}: PATCH only turns the webhook on`
            : undefined,
          firstAfterPatch,
        );

        // 3. Another failed delivery, the first one's event delivered by a replay, disabled again.
        answer = 500;
        const second = await failingEvent(scene);
        answer = 200;
        await replayDelivered(scene, first);
        answer = 410;
        await disableByGone(scene);

        // 4. Enable with resend_failed.
        answer = 200;
        const before = hook.receiver.requestsTo(hook.path).length;
        const enabled = await context.client.call('enableWebhook', { path: { id: hook.id }, body: { resend_failed: true } });
        judgeEnableAnswer(context, enabled);
        const resentSecond = await hook.receiver.nth(hook.path, 2, scene.wait, isLeadEvent(second.leadId));
        await settle(scene.pause);
        const after = hook.receiver.requestsTo(hook.path).slice(before);
        const resent = enabled.json?.resent;
        context.judge(
          'webhooks.enable-resends-failed',
          !resentSecond
            ? `a lead.created that failed before the webhook was disabled did not come again within ${scene.wait / 1000} s of enable with resend_failed`
            : resent !== after.length
              ? `enable answered resent ${JSON.stringify(resent)}, but ${after.length} deliveries came again`
              : undefined,
          enabled,
        );
        const pings = after.filter((request) => request.headers['svc-event'] === 'ping').length;
        context.judge(
          'webhooks.resend-skips-pings',
          pings ? `enable with resend_failed sent ${pings} failed test pings again; pings are skipped` : undefined,
          enabled,
        );
        const replayed = after.filter(isLeadEvent(first.leadId)).length;
        context.judge(
          'webhooks.resend-skips-replayed',
          replayed ? 'enable with resend_failed sent again a failed lead.created whose replay had already delivered it' : undefined,
          enabled,
        );
      });
    });
  },
};

const isLeadEvent = (leadId: string) => (request: ReceivedRequest) =>
  request.json?.type === 'lead.created' && request.json?.data?.object?.id === leadId;

const countOf = (hook: TestWebhook, leadId: string) => hook.receiver.requestsTo(hook.path, isLeadEvent(leadId)).length;

/** A lead whose lead.created the receiver fails: its delivery must be `retrying` once the attempt is recorded. */
async function failingEvent(scene: Scene): Promise<{ leadId: string; deliveryId: string }> {
  const { context, hook } = scene;
  const lead = await context.createLead();
  // The lead is new: its first lead.created is the first delivery naming it, which may well have come before the answer did.
  const request = await hook.delivery(1, `lead.created of ${lead.id}`, { match: isLeadEvent(lead.id) });
  const deliveryId =
    request.headers['svc-delivery'] || context.fail('the lead.created delivery carries no Svc-Delivery: there is no delivery to follow');
  const delivery = await deliveryOf(scene, deliveryId, (status) => status !== 'pending');
  context.judge(
    'webhooks.delivery-retrying',
    delivery.json?.status === 'retrying'
      ? undefined
      : `a delivery whose first attempt got a 500 shows status ${JSON.stringify(delivery.json?.status)}, not retrying`,
    delivery,
  );
  return { leadId: lead.id, deliveryId };
}

/** Pings while the receiver answers 410: the webhook must then be disabled (else the check stops there). */
async function disableByGone(scene: Scene): Promise<void> {
  const { context, hook } = scene;
  context.expectStatus(await context.client.call('pingWebhook', { path: { id: hook.id } }), 200, 201);
  let read = await context.client.call('getWebhook', { path: { id: hook.id } });
  // Whether the webhook was disabled shows only on its read route (inferred).
  skipIfNotOffered(context, read);
  for (let tries = 0; tries < 10 && read.json?.active !== false; tries++) {
    await settle(scene.pause / 3);
    read = await context.client.call('getWebhook', { path: { id: hook.id } });
  }
  context.expectStatus(read, 200);
  if (read.json?.active !== false || read.json?.status === 'active') {
    await judgeStillSent(scene);
    context.fail(
      `after its endpoint answered 410 the webhook shows active ${JSON.stringify(read.json?.active)} and status ${JSON.stringify(read.json?.status)}: a 410 disables it`,
      read,
      'webhooks.gone-disables',
    );
  }
  context.judge('webhooks.gone-disables', undefined, read);
}

/**
 * Spec 3: a disabled webhook is sent nothing. Its read route is inferred (a deployment's may show
 * its state otherwise), so a webhook still read as active is held to what is stated: a new lead's
 * lead.created reaches the watcher, and must not reach the webhook.
 */
async function judgeStillSent(scene: Scene): Promise<void> {
  const { context, hook, watcher } = scene;
  const created = await context.client.call('createLead', { body: { name: `conformance ${context.runId} after 410` } });
  context.expectStatus(created, 201);
  context.cleanup(() => context.client.call('deleteLead', { path: { id: created.json.id } }));
  await watcher.delivery(1, `the watcher's lead.created of ${created.json.id}`, { match: isLeadEvent(created.json.id) });
  await settle(scene.pause);
  if (countOf(hook, created.json.id))
    context.fail(
      `after its endpoint answered 410 the webhook was still sent lead.created of ${created.json.id}: a 410 disables it`,
      created,
      'webhooks.gone-disables',
    );
}

/** Replays the failed delivery while the receiver answers 200, and waits for the replay to arrive and be recorded a success. */
async function replayDelivered(scene: Scene, failed: { leadId: string; deliveryId: string }): Promise<void> {
  const { context, hook } = scene;
  const replay = await context.client.call('replayWebhookDelivery', { path: { id: hook.id, did: failed.deliveryId } });
  context.expectStatus(replay, 200, 201, 202);
  const isReplay = (request: ReceivedRequest) => isLeadEvent(failed.leadId)(request) && request.headers['svc-replay'] === 'true';
  // The first replay of this lead's event: it may come before the answer to the replay request.
  const arrived = await hook.delivery(1, `the replay of lead.created of ${failed.leadId}`, { match: isReplay });
  const replayId = arrived.headers['svc-delivery'];
  if (replayId) await deliveryOf(scene, replayId, (status) => status === 'success');
}

/** The delivery alone; with `until`, read again (a while) until its status satisfies it. */
async function deliveryOf(scene: Scene, deliveryId: string, until?: (status: string) => boolean): Promise<Exchange> {
  const { context, hook } = scene;
  const deadline = Date.now() + scene.wait;
  for (;;) {
    const read = await context.client.call('getWebhookDelivery', { path: { id: hook.id, did: deliveryId } });
    context.expectStatus(read, 200);
    if (!until || until(read.json?.status) || Date.now() > deadline) return read;
    await settle(50);
  }
}

function judgeEnableAnswer(context: CheckContext, enabled: Exchange): void {
  const { webhook, resent } = enabled.json ?? {};
  context.judge(
    'webhooks.enable-answer',
    enabled.status === 200 && webhook?.object === 'webhook' && Number.isInteger(resent)
      ? undefined
      : `enable answered ${enabled.status} ${enabled.text.slice(0, 160)}, not {webhook, resent: integer}`,
    enabled,
  );
  context.judge(
    'webhooks.enable-turns-on',
    webhook?.active === true && webhook?.status === 'active'
      ? undefined
      : `enable answered the webhook with active ${JSON.stringify(webhook?.active)} and status ${JSON.stringify(webhook?.status)}`,
    enabled,
  );
}
