// Spec 4.8 (and 5.1, 7.3): each conversation route's scope. Reads need `messages:read`, sending and
// retrying `messages:send`, the manage routes `conversations:manage` and also `messages:read`; a key
// without the scope answers 403 `missing_scope` naming it, and a key with the scopes a route needs
// (and no more) is let through. On a mock the check makes keys of chosen scopes through the control
// API. Against a deployment it uses the given limited key, whose scopes whoami shows, and only on
// the read routes: a write wrongly let through would message a real client or change a real
// conversation.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { clientWritesIn, mockOnly, newChannel, newClient } from '../../kits/conversations-kit.ts';
import { controlCall, mockNowMs } from '../../mock-control.ts';
import type { OperationId, OperationParameters } from '../../operation-call.ts';

const MANAGE = {
  assign: 'assignConversation',
  resolve: 'resolveConversation',
  reopen: 'reopenConversation',
  snooze: 'snoozeConversation',
} as const;

export const conversationScopes: ActiveCheck = {
  kind: 'active',
  id: 'conversations.scopes',
  area: 'conversations',
  title: 'each conversation route needs its scope (the manage routes also messages:read): 403 missing_scope naming it',
  spec: '4.8',
  basis: 'documented',
  // Against a deployment it only reads; on a mock it sends, which a read-only run skips.
  writes: false,
  async run(context) {
    if (!context.target.mock) return judgeGivenKey(context);
    if (context.target.readOnly) context.skip('on a mock the check sends and manages with keys it makes; the run is read-only');
    const workspaceId = mockOnly(context, 'keys of chosen scopes are made in the web app');
    const keyWith = async (scopes: string[]) =>
      (
        await controlCall(context, 'POST', `/_mock/workspaces/${workspaceId}/api-keys`, {
          scopes,
          role: 'admin',
          name: `conformance ${context.runId} ${scopes.join(' ')}`,
        })
      ).key as string;
    const [noMessages, readOnly, manageOnly, manager, sender] = [
      await keyWith(['leads:read']),
      await keyWith(['messages:read']),
      await keyWith(['conversations:manage']),
      await keyWith(['messages:read', 'conversations:manage']),
      await keyWith(['messages:send']),
    ];
    const channel = await newChannel(context, 'email');
    const written = await clientWritesIn(context, channel.id, newClient(context, 'scopes'), 'Hello, I have a question.');
    const cv = { id: written.conversation_id };
    const until = new Date((await mockNowMs(context)) + 86_400_000).toISOString();
    const parameters = {
      assign: { path: cv, body: { assignee_id: null } },
      resolve: { path: cv },
      reopen: { path: cv },
      snooze: { path: cv, body: { until } },
    } satisfies { [Action in keyof typeof MANAGE]: OperationParameters<(typeof MANAGE)[Action]> };
    const expectRefused = refusal(context);

    await expectRefused('conversations.scope-list', noMessages, 'listConversations', {}, 'messages:read');
    await expectRefused('conversations.scope-counts', noMessages, 'getConversationCounts', {}, 'messages:read');
    await expectRefused('conversations.scope-read', noMessages, 'getConversation', { path: cv }, 'messages:read');
    await expectRefused('conversations.scope-messages', noMessages, 'listMessages', { path: cv }, 'messages:read');
    const read = await context.client.call('listMessages', { path: { id: written.conversation_id }, key: readOnly });
    context.judge('conversations.scope-messages', read.status !== 200 && `a key with messages:read answered ${read.status}`, read);
    await expectRefused('conversations.scope-send', readOnly, 'sendMessage', { path: cv, body: { text: 'Hello!' } }, 'messages:send');
    await expectRefused('conversations.scope-retry', readOnly, 'retryMessage', { path: { id: written.message_id } }, 'messages:send');
    const sent = await context.client.call('sendMessage', {
      path: { id: written.conversation_id },
      key: sender,
      body: { text: 'How can we help?' },
    });
    context.judge('conversations.scope-send', sent.status !== 201 && `a key with messages:send answered ${sent.status}`, sent);
    const retried = await context.client.call('retryMessage', { path: { id: written.message_id }, key: sender });
    context.judge(
      'conversations.scope-retry',
      retried.status === 403 && `a key with messages:send answered 403 ${retried.json?.error?.code}`,
      retried,
    );
    for (const action of Object.keys(MANAGE) as (keyof typeof MANAGE)[]) {
      const rule = `conversations.scope-${action}`;
      const operation = MANAGE[action];
      await expectRefused(rule, readOnly, operation, parameters[action], 'conversations:manage');
      await expectRefused('conversations.manage-needs-read', manageOnly, operation, parameters[action], 'messages:read');
      const allowed = await context.client.call(operation, { ...parameters[action], key: manager });
      context.judge(
        rule,
        allowed.status !== 200 && `a key with conversations:manage and messages:read answered ${allowed.status}`,
        allowed,
      );
    }
  },
};

function refusal(context: CheckContext) {
  return async <Id extends OperationId>(rule: string, key: string, operation: Id, parameters: OperationParameters<Id>, scope: string) => {
    const answer = await context.client.call(operation, { ...parameters, key });
    const { method } = answer.request;
    const path = new URL(answer.request.url).pathname;
    const refused = answer.status === 403 && answer.json?.error?.code === 'missing_scope' && answer.json.error.scope === scope;
    context.judge(
      rule,
      !refused &&
        `${method} ${path} with a key without ${scope} answered ${answer.status} ${answer.json?.error?.code ?? ''} ${answer.json?.error?.scope ?? ''}`,
      answer,
    );
  };
}

/** A deployment: the given limited key on the read routes, when whoami shows it lacks `messages:read`. */
async function judgeGivenKey(context: CheckContext): Promise<void> {
  const key = context.target.limitedKey ?? context.skip('needs --limited-key (a key without messages:read) against a deployment');
  const whoami = await context.client.call('getWhoami', { key });
  context.expectStatus(whoami, 200);
  const scopes: string[] = whoami.json?.scopes ?? [];
  if (scopes.includes('messages:read')) context.skip('the limited key has messages:read: no read route can refuse it');
  const expectRefused = refusal(context);
  await expectRefused('conversations.scope-list', key, 'listConversations', {}, 'messages:read');
  await expectRefused('conversations.scope-counts', key, 'getConversationCounts', {}, 'messages:read');
  const list = await context.client.call('listConversations', { query: { status: 'all', limit: 1 } });
  const id = list.json?.data?.[0]?.id;
  if (!id) return;
  await expectRefused('conversations.scope-read', key, 'getConversation', { path: { id } }, 'messages:read');
  await expectRefused('conversations.scope-messages', key, 'listMessages', { path: { id } }, 'messages:read');
}
