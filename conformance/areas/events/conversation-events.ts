// Spec 6.4 (message.queued, .sent, .delivered, .read, .failed, plus message.edited and
// message.deleted; conversation.assigned, also when the assignee is cleared;
// conversation.status_changed for resolve, reopen and snooze) and 6.1 (`data.object` is the
// message or the conversation; a system actor's id is empty).
// What a channel does (report a status, fail a message, a client writing in, editing or deleting
// in the messenger) is not a call of the interface: on a crmkit mock the check drives a simulated
// `telegram_business` channel of its own through the control API (openapi/control/channels.yaml;
// statuses walk 1, 2 and 5 seconds after queuing on the workspace clock, which the check moves);
// against a deployment it is skipped. Deliveries are matched by the message and conversation ids.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { EnvelopeJudge, eventAbout, eventWaitMs, graceMs, keyIdentity, missing } from '../../kits/events-kit.ts';
import { advanceMockClock, controlCall, mockNowMs } from '../../mock-control.ts';
import type { OperationId, OperationParameters } from '../../operation-call.ts';
import { withWebhook, type TestWebhook } from '../../kits/webhook-kit.ts';

type Watch = { webhook: TestWebhook; judge: EnvelopeJudge };

export const conversationEvents: ActiveCheck = {
  kind: 'active',
  id: 'events.conversation-events',
  area: 'events',
  title:
    'a message walking queued, sent, delivered, read, one failing, edits and deletions in the messenger, and assigning, resolving, reopening and snoozing a conversation send their events',
  spec: '6.1, 6.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    const mock =
      context.target.mock ??
      context.skip(
        "a channel's status reports, failures and messenger edits are made by a messenger: only a crmkit mock's simulated channels (control API) let the suite cause them",
      );
    const identity = await keyIdentity(context);
    const workspace = `/_mock/workspaces/${mock.workspaceId}`;
    const channel = await controlCall(context, 'POST', `${workspace}/channels`, {
      type: 'telegram_business',
      name: `conformance ${context.runId}`,
    });
    const inbound = await controlCall(context, 'POST', `${workspace}/channels/${channel.id}/inbound`, {
      text: 'Salom! Is the sofa still available?',
      name: `conformance ${context.runId}`,
      handle: `@conformance_${context.runId}`,
    });
    const conversationId: string = inbound.conversation_id;
    await withWebhook(context, 'conversation-events', ['message.*', 'conversation.*'], async (webhook) => {
      const watch: Watch = { webhook, judge: new EnvelopeJudge(identity) };
      await conversationStates(context, watch, conversationId);
      const sentId = await messageWalk(context, watch, conversationId);
      await failedMessage(context, watch, workspace, channel.id, conversationId);
      await controlCall(context, 'POST', `${workspace}/messages/${inbound.message_id}/edit`, {
        text: 'Salom! Is the grey sofa still available?',
      });
      await expectEvent(context, watch, 'events.message-edited', 'message.edited', inbound.message_id, false);
      await controlCall(context, 'POST', `${workspace}/messages/${sentId}/delete`);
      await expectEvent(context, watch, 'events.message-deleted', 'message.deleted', sentId, false);
      watch.judge.judge(context, ['events.data-object-id-and-object', 'events.data-object-is-the-record', 'events.actor-system-empty-id']);
    });
  },
};

async function expectEvent(
  context: CheckContext,
  watch: Watch,
  rule: string,
  type: string,
  recordId: string,
  byKey: boolean,
  nth = 1,
  timeoutMs = eventWaitMs(context),
): Promise<any> {
  const found = await watch.webhook.receiver.nth(watch.webhook.path, nth, timeoutMs, eventAbout(type, recordId));
  if (found) watch.judge.add(found, { recordId, byKey });
  context.judge(rule, !found && missing(`${nth > 1 ? `${type} number ${nth}` : type} about ${recordId}`, eventWaitMs(context) / 1000));
  return found?.json;
}

async function api<Id extends OperationId>(
  context: CheckContext,
  operation: Id,
  parameters: OperationParameters<Id>,
  status = 200,
): Promise<any> {
  return expectAnswer(context, await context.client.call(operation, parameters), status);
}

function expectAnswer(context: CheckContext, answer: Exchange, status = 200): any {
  context.expectStatus(answer, status);
  return answer.json;
}

/** Resolve or reopen, with an empty JSON object as the body, as this check always sent them. */
async function changeStatus(context: CheckContext, conversationId: string, action: 'resolve' | 'reopen'): Promise<any> {
  // send, not call: an empty JSON object as the body, where the document gives these routes no body.
  return expectAnswer(context, await context.client.send('POST', `/v1/conversations/${conversationId}/${action}`, { body: {} }));
}

/** Assign (to the key's member), clear the assignee, resolve, reopen, snooze: one event each, the assigns and the status changes counted in order. */
async function conversationStates(context: CheckContext, watch: Watch, conversationId: string): Promise<void> {
  const members = await context.client.call('listMembers');
  const member = (members.json?.data ?? []).find((each: any) => each.is_me) ?? members.json?.data?.[0];
  if (member) {
    await api(context, 'assignConversation', { path: { id: conversationId }, body: { assignee_id: member.id } });
    await expectEvent(context, watch, 'events.conversation-assigned', 'conversation.assigned', conversationId, true);
    // Clearing the assignee is an assign too (spec 3: set or cleared).
    await api(context, 'assignConversation', { path: { id: conversationId }, body: { assignee_id: null } });
    await expectEvent(context, watch, 'events.conversation-unassigned', 'conversation.assigned', conversationId, true, 2);
  }
  await changeStatus(context, conversationId, 'resolve');
  await expectEvent(context, watch, 'events.conversation-resolved', 'conversation.status_changed', conversationId, true, 1);
  await changeStatus(context, conversationId, 'reopen');
  await expectEvent(context, watch, 'events.conversation-reopened', 'conversation.status_changed', conversationId, true, 2);
  const until = new Date((await mockNowMs(context)) + 86_400_000).toISOString();
  await api(context, 'snoozeConversation', { path: { id: conversationId }, body: { until } });
  await expectEvent(context, watch, 'events.conversation-snoozed', 'conversation.status_changed', conversationId, true, 3);
}

/** A reply walks queued, sent, delivered, read (the channel reports them as the clock moves on); answers its id. */
async function messageWalk(context: CheckContext, watch: Watch, conversationId: string): Promise<string> {
  const message = await api(
    context,
    'sendMessage',
    { path: { id: conversationId }, body: { text: `conformance ${context.runId}: yes, it is` } },
    201,
  );
  await expectEvent(context, watch, 'events.message-queued', 'message.queued', message.id, true);
  await advanceMockClock(context, 6);
  // The three reports all fell due in that move: once the last has had its time, the others have had theirs.
  await expectEvent(context, watch, 'events.message-read', 'message.read', message.id, false);
  await expectEvent(context, watch, 'events.message-sent', 'message.sent', message.id, false, 1, graceMs(context));
  await expectEvent(context, watch, 'events.message-delivered', 'message.delivered', message.id, false, 1, graceMs(context));
  return message.id;
}

/** The channel set to fail what it takes: a reply fails from queued (message.failed); the channel is put back after. */
async function failedMessage(
  context: CheckContext,
  watch: Watch,
  workspace: string,
  channelId: string,
  conversationId: string,
): Promise<void> {
  const outcome = `${workspace}/channels/${channelId}/outcome`;
  await controlCall(context, 'PUT', outcome, { status: 'failed', error: 'conformance: the recipient blocked the bot' });
  context.cleanup(() => controlCall(context, 'PUT', outcome, {}));
  const message = await api(
    context,
    'sendMessage',
    { path: { id: conversationId }, body: { text: `conformance ${context.runId}: this one fails` } },
    201,
  );
  await advanceMockClock(context, 2);
  await expectEvent(context, watch, 'events.message-failed', 'message.failed', message.id, false);
  await controlCall(context, 'PUT', outcome, {});
}
