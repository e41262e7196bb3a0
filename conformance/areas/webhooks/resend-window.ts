// Spec 4.11 and 8: enable with `resend_failed` queues again the deliveries that failed "in the
// last 3 days, oldest first". Three days pass only on a mock's clock, moved through its control
// API (frozen meanwhile, so that what falls due runs in order within each move; it follows real
// time again afterwards). A lead's event fails and the webhook is disabled (a ping answered 410:
// its queued delivery is failed then); two days later two more leads' events fail the same way;
// a day and a half after that, enable with resend_failed must resend the two recent events, in
// the order they failed, and not the one of three and a half days ago. "Oldest first" is read on
// the frozen clock, where the resent attempts go out in the order they were queued.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { advanceMockClock, withFrozenMockClock } from '../../mock-control.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import { withWebhook, type TestWebhook } from '../../kits/webhook-kit.ts';

const HOUR = 3600;

export const resendWindow: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.resend-window',
  area: 'webhooks',
  title: 'enable with resend_failed resends the deliveries that failed in the last 3 days, oldest first, and not older ones',
  spec: '4.11, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (!context.target.mock)
      return context.skip('three days pass only on a crmkit mock, whose clock the suite moves through its control API');
    await withFrozenMockClock(context, () =>
      withWebhook(context, 'resend-window', ['lead.created'], (hook) => resendAfterDays(context, hook)),
    );
  },
};

async function resendAfterDays(context: CheckContext, hook: TestWebhook): Promise<void> {
  let answer = 500;
  hook.receiver.answer(hook.path, () => answer);
  const old = await failedLeads(
    context,
    hook,
    1,
    () => (answer = 410),
    () => (answer = 500),
  );
  await advanceMockClock(context, 48 * HOUR);
  context.expectStatus(await context.client.call('updateWebhook', { path: { id: hook.id }, body: { active: true } }), 200);
  const recent = await failedLeads(
    context,
    hook,
    2,
    () => (answer = 410),
    () => (answer = 500),
  );
  await advanceMockClock(context, 36 * HOUR);
  answer = 200;
  const before = hook.receiver.requestsTo(hook.path).length;
  const enabled = await context.client.call('enableWebhook', { path: { id: hook.id }, body: { resend_failed: true } });
  context.expectStatus(enabled, 200);
  // On the frozen clock the resent attempts have gone out once a move of the clock answers.
  await advanceMockClock(context, 1);
  const again = hook.receiver.requestsTo(hook.path).slice(before);
  const leadOf = (request: ReceivedRequest) => request.json?.data?.object?.id as string | undefined;
  const againIds = again.map(leadOf);
  const oldAgain = againIds.includes(old[0]);
  const recentMissing = recent.filter((id) => !againIds.includes(id));
  context.judge(
    'webhooks.resend-last-3-days',
    oldAgain
      ? `an event whose delivery failed three and a half days before was resent (resent ${JSON.stringify(enabled.json?.resent)}); only the last 3 days' are`
      : recentMissing.length
        ? `${recentMissing.length} of 2 events whose deliveries failed a day and a half before were not resent (resent ${JSON.stringify(enabled.json?.resent)})`
        : undefined,
    enabled,
  );
  const order = againIds.filter((id): id is string => id !== undefined && recent.includes(id));
  context.judge(
    'webhooks.resend-oldest-first',
    recentMissing.length || (order[0] === recent[0] && order[1] === recent[1])
      ? undefined
      : `the resent events came in the order ${order.join(', ')}, not oldest first (${recent.join(', ')})`,
    enabled,
  );
}

/** Makes `count` leads whose lead.created fails (500), then disables the webhook with a ping answered 410: their deliveries end failed. */
async function failedLeads(
  context: CheckContext,
  hook: TestWebhook,
  count: number,
  gone: () => void,
  failing: () => void,
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const lead = await context.createLead();
    await hook.delivery(1, `lead.created of ${lead.id}`, { match: (request) => request.json?.data?.object?.id === lead.id });
    ids.push(lead.id);
    // A second between the events: their deliveries fail, and are resent, in this order.
    await advanceMockClock(context, 1);
  }
  gone();
  context.expectStatus(await context.client.call('pingWebhook', { path: { id: hook.id } }), 200, 201);
  failing();
  const read = await context.client.call('getWebhook', { path: { id: hook.id } });
  if (read.json?.active !== false)
    context.fail(
      `after a ping answered 410 the webhook shows active ${JSON.stringify(read.json?.active)}; the check needs it disabled (webhooks.gone-and-enable judges that)`,
      read,
    );
  return ids;
}
