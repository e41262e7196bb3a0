// Faults in the conversations rules (spec 2.9, 2.10, 3, 4.8): each breaks one rule the way a real
// implementation might, and a check of the conversations family must catch it
// (test/conformance/mutation.test.ts).
import { errorDocsUrl } from '../errors/docs-url.ts';
import { presentConversation, presentMessage } from '../resources/conversations/present.ts';
import { WALK } from '../resources/conversations/delivery-walk.ts';
import { messageSummary } from '../resources/conversations/event-summaries.ts';
import { channelOutcome } from '../resources/conversations/channel-outcome.ts';
import { systemContext } from '../resources/records/record-context.ts';
import { normalizeId } from '../ids/ids.ts';
import type { MockState } from '../mock-state.ts';
import { scheduleChange } from '../workspaces/scheduled-change.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { ApiError } from '../errors/api-error.ts';
import { callerOf } from '../http/handler.ts';
import type { OperationId } from '../spec/operation-types.ts';
import { changed, jsonOf, onErrorCode, type Fault } from './fault.ts';
import { faultMemory } from './fault-memory.ts';
import { queryOf, requestTo } from './addresses.ts';
import { alterOk, callerWorkspace, offsetDropped, onOperation, probe, sentJson, withJson, withQuery } from './request-match.ts';
import { guardedByReadScope, retryAsOwner } from './owner-key.ts';

/** The manage routes of a conversation (spec 4.8), and the action each names. */
const MANAGE_ACTIONS = {
  assignConversation: 'assign',
  resolveConversation: 'resolve',
  reopenConversation: 'reopen',
  snoozeConversation: 'snooze',
} as const satisfies Partial<Record<OperationId, string>>;
const MANAGE = Object.keys(MANAGE_ACTIONS) as (keyof typeof MANAGE_ACTIONS)[];
/** The operations that answer conversations: the list, a read and the manage routes. */
const CONVERSATION_ANSWERS = ['listConversations', 'getConversation', ...MANAGE] as const satisfies readonly OperationId[];
const DAY_MS = 86_400_000;

/** For snooze-never-wakes and wake-up-polled-every-5-minutes: the conversations snoozed through the API and their until, per mock. */
const snoozedThroughApi = (state: MockState, fault: string) => faultMemory(state, fault, () => new Map<string, string>());

/** Changes every conversation a successful answer shows (a list, a read, a manage route's answer). */
function alterConversations(alter: (conversation: any) => any) {
  return onOperation(CONVERSATION_ANSWERS, async (next, request, info) => {
    const response = await next(request, info);
    if (!response.ok) return response;
    const body = await jsonOf(response);
    if (!body) return response;
    return changed(response, { body: Array.isArray(body.data) ? { ...body, data: body.data.map(alter) } : alter(body) });
  });
}

/** Changes the messages a successful messages list shows. */
function alterMessageList(alter: (messages: any[]) => any[]) {
  return onOperation('listMessages', async (next, request, info) => {
    const response = await next(request, info);
    if (!response.ok) return response;
    const body = await jsonOf(response);
    return changed(response, { body: { ...body, data: alter(body.data) } });
  });
}

/** A send's body made one step longer by `lengthen` (for the mock's own refusal), or the request unchanged when it gives undefined. */
function sendOverTheEdge(lengthen: (sent: any) => any | undefined) {
  return onOperation('sendMessage', async (next, request, info) => {
    const sent = await sentJson(request);
    const longer = sent && typeof sent === 'object' ? lengthen(structuredClone(sent)) : undefined;
    return next(longer ? withJson(request, longer) : request, info);
  });
}

/** The conversation list's query changed by `alter`. */
const onConversationList = (alter: (query: URLSearchParams) => void) =>
  onOperation('listConversations', (next, request, info) => next(withQuery(request, alter), info));

/** A read of the conversation with the request's credential: an answer the fault gives in place of the route's lends its request id. */
const conversationRead = (request: Request, id: string) => probe(request, `/v1/conversations/${id}`);

/** The 24-hour reply window of whatsapp and telegram_business (spec 2.10, 4.8). */
const REPLY_WINDOW_MS = DAY_MS;

/**
 * A queued message walked to `read` whatever the channel's rules say: the mock's own walk is made
 * stale (its steps check `delivery_seq`) and the steps of spec 3 are taken on the workspace clock
 * at the mock's own times, each with its event.
 */
async function walkIgnoringChannelRules(state: MockState, workspace: Workspace, messageId: string): Promise<void> {
  const { tables } = workspace;
  const queued = tables.messages.get(messageId);
  if (!queued?.queued_at) return;
  const seq = queued.delivery_seq + 1;
  // Inside the send's transaction (aroundHandler); each step later is a change the clock runs, as the mock's own walk's are.
  await tables.messages.update(messageId, (draft) => void (draft.delivery_seq = seq));
  const queuedAtMs = Date.parse(queued.queued_at);
  for (const step of WALK) {
    scheduleChange(state, workspace, queuedAtMs + step.afterMs, async () => {
      const message = tables.messages.get(messageId);
      if (!message || message.delivery_seq !== seq || message.status !== step.from) return;
      const updated = await tables.messages.update(messageId, (draft) => {
        draft.status = step.status;
        draft.error = null;
      });
      await systemContext(state, workspace).emit(`message.${step.status}`, messageSummary(tables, updated));
    });
  }
}

/** On a send: lets `ignores` say, from the conversation as it was before the send, whether this reply goes out against the channel's rules. */
function sendIgnoringChannelRules(
  ignores: (context: { workspace: Workspace; conversation: any; channelType: string; stepAtMs: number }) => boolean,
): Pick<Fault, 'operations' | 'aroundHandler'> {
  return {
    operations: ['sendMessage'],
    aroundHandler: async (next, context) => {
      const { workspace } = callerOf(context);
      const before = workspace.tables.conversations.get(normalizeId(String(context.input.path.id)));
      const channelType = before ? workspace.tables.channels.get(before.channel_id)?.type : undefined;
      // The channel takes the message one second after it is queued (delivery-walk.ts).
      const ignoring =
        before && channelType
          ? ignores({ workspace, conversation: structuredClone(before), channelType, stepAtMs: workspace.clock.now() + WALK[0]!.afterMs })
          : false;
      const result = await next();
      const sent = result instanceof Response ? undefined : result;
      if (ignoring && sent?.status === 201) await walkIgnoringChannelRules(context.state, workspace, (sent.body as { id: string }).id);
      return result;
    },
  };
}

/** The manage action an operation names, if it is a manage route. */
const actionOf = (operationId: OperationId): string | undefined => (MANAGE_ACTIONS as Partial<Record<OperationId, string>>)[operationId];

const outsideReplyWindow = (conversation: any, atMs: number) =>
  conversation.last_inbound_at === null || atMs - Date.parse(conversation.last_inbound_at) > REPLY_WINDOW_MS;

export const conversationsFaults: Fault[] = [
  {
    // Readings review: conversations.sla-due-while-waiting is stated (2.9 "set while the client waits for an answer").
    name: 'sla-due-never-set',
    area: 'conversations',
    proves: ['conversations.sla-due-while-waiting'],
    description: 'Conversations show sla_due_at null even while the client waits for an answer (the SLA job never ran) (spec 2.9).',
    wrap: onOperation(['listConversations', 'getConversation'], async (next, request, info) => {
      const response = await next(request, info);
      const cleared = (conversation: any) => (conversation?.id?.startsWith?.('cv_') ? { ...conversation, sla_due_at: null } : conversation);
      return alterOk(response, (body) => (Array.isArray(body?.data) ? { ...body, data: body.data.map(cleared) } : cleared(body)));
    }),
  },
  {
    // Readings review: conversations.snooze-until-offset is stated (4.8 "{until: <timestamp with offset>}"; 2.1).
    name: 'snooze-until-without-offset-as-utc',
    area: 'conversations',
    proves: ['conversations.snooze-until-offset'],
    description:
      'A snooze until sent without an offset (2030-01-15T10:00:00) is read as UTC and taken instead of refused (spec 4.8, 2.1: a sent time carries an offset).',
    wrap: onOperation('snoozeConversation', async (next, request, info) => {
      const body = await sentJson(request);
      const bare = typeof body?.until === 'string' && /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(body.until);
      return next(bare ? withJson(request, { ...body, until: `${body.until}Z` }) : request, info);
    }),
  },
  {
    // Readings review: conversations.send-text-required is stated (4.8 "`text` (required ...)").
    name: 'send-missing-text-as-blank',
    area: 'conversations',
    proves: ['conversations.send-text-required'],
    description:
      'A send without text queues a message of one space (the client library fills the required field) instead of refusing it (spec 4.8: text is required).',
    wrap: onOperation('sendMessage', async (next, request, info) => {
      const body = await sentJson(request);
      return next(body && typeof body === 'object' && body.text === undefined ? withJson(request, { ...body, text: ' ' }) : request, info);
    }),
  },
  {
    name: 'channel-summary-without-status',
    area: 'conventions',
    proves: [
      'conversations.channel-summary',
      'conversations.channel-status-active',
      'responses.shape.list-conversations',
      'responses.shape.get-conversation',
      'responses.shape.assign-conversation',
      'responses.shape.resolve-conversation',
      'responses.shape.reopen-conversation',
      'responses.shape.snooze-conversation',
    ],
    description: "A conversation's channel summary shows {id, type, name} and leaves out the channel's status.",
    wrap: alterConversations(({ channel: { status: _dropped, ...channel }, ...conversation }) => ({ ...conversation, channel })),
  },
  {
    name: 'unread-count-always-zero',
    area: 'conversations',
    proves: ['conversations.unread-count'],
    description: 'Conversations show unread_count 0 however many client messages are unread.',
    wrap: alterConversations((conversation) => ({ ...conversation, unread_count: 0 })),
  },
  {
    name: 'answer-keeps-sla',
    area: 'conversations',
    proves: ['conversations.sla-due-cleared-by-answer'],
    description:
      "sla_due_at is worked out from the client's last message alone, so an answer does not end the wait: it stays 15 minutes after last_inbound_at.",
    wrap: alterConversations((conversation) => {
      if (conversation.status === 'resolved' || conversation.last_inbound_at === null) return conversation;
      return {
        ...conversation,
        sla_due_at: conversation.sla_due_at ?? new Date(Date.parse(conversation.last_inbound_at) + 15 * 60_000).toISOString(),
      };
    }),
  },
  {
    name: 'message-text-limit-4000',
    area: 'conversations',
    proves: ['conversations.text-limit'],
    description: 'A message text over 4000 characters (not 4096) answers 422 validation_failed.',
    wrap: onOperation('sendMessage', async (next, request, info) => {
      const sent = await sentJson(request);
      if (typeof sent?.text !== 'string' || sent.text.length <= 4000 || sent.text.length > 4096) return next(request, info);
      // The mock's own refusal of a text over its limit: the answer has the real error's shape and request id.
      return next(new Request(request, { body: JSON.stringify({ ...sent, text: 'x'.repeat(4097) }) }), info);
    }),
  },
  {
    name: 'client-id-not-idempotent',
    area: 'conventions',
    proves: ['conventions.message-client-id-idempotent', 'conversations.client-id-idempotent'],
    description: 'Sending again with a client_id already used queues a second message instead of returning the first.',
    wrap: onOperation('sendMessage', async (next, request, info) => {
      const copy = request.clone();
      const response = await next(request, info);
      if (response.status !== 200) return response;
      const { client_id: clientId, ...sent } = await copy.json();
      const again = await next(new Request(copy, { body: JSON.stringify(sent) }), info);
      return again.status === 201 ? changed(again, { body: { ...(await jsonOf(again)), client_id: clientId } }) : again;
    }),
  },
  {
    name: 'failed-without-error',
    area: 'conversations',
    proves: [
      'conversations.error-when-failed',
      'conversations.business-reply-window',
      'conversations.business-bot-permission',
      'conversations.channel-rule-fails-later',
    ],
    description: "Failed messages show error null: the channel's reason is not kept.",
    wrap: alterMessageList((messages) => messages.map((message) => (message.status === 'failed' ? { ...message, error: null } : message))),
  },
  {
    name: 'retry-requeues-any-message',
    area: 'conversations',
    proves: ['conversations.not-failed', 'responses.shape.retry-message'],
    description: 'A retry of a message that is not failed queues it again (200) instead of answering 409 not_failed.',
    wrap: (next, state) =>
      onOperation('retryMessage', (inner, request, info, routed) =>
        onErrorCode('not_failed', (response, _body, copy) => {
          const message = callerWorkspace(state, copy)?.tables.messages.get(normalizeId(routed.params.id ?? ''));
          return message
            ? changed(response, { status: 200, body: { ...presentMessage(message), status: 'queued', error: null } })
            : response;
        })(inner)(request, info),
      )(next, state),
  },
  {
    name: 'opted-out-sent-anyway',
    area: 'conversations',
    proves: ['conversations.opted-out'],
    description: 'A message to a client who opted out is sent without force instead of answering 409 opted_out.',
    wrap: (next) =>
      onErrorCode('opted_out', async (_response, _body, request) => {
        const sent = await request.clone().json();
        return next(new Request(request, { body: JSON.stringify({ ...sent, force: true }) }));
      })(next),
  },
  {
    name: 'whatsapp-window-refused-at-once',
    area: 'conversations',
    proves: ['conversations.channel-rule-fails-later'],
    description:
      "A whatsapp message more than 24 hours after the client's last message is refused at once (422) instead of being queued and failing later with the reason.",
    wrap: (next, state) =>
      onOperation('sendMessage', async (inner, request, info, routed) => {
        const workspace = callerWorkspace(state, request);
        const conversation = workspace?.tables.conversations.get(normalizeId(routed.params.id!));
        const channel = conversation && workspace!.tables.channels.get(conversation.channel_id);
        const lastInbound = conversation?.last_inbound_at ? Date.parse(conversation.last_inbound_at) : null;
        if (channel?.type !== 'whatsapp' || (lastInbound !== null && workspace!.clock.now() - lastInbound <= DAY_MS))
          return inner(request, info);
        // The mock's own refusal of a text over its limit, told as the channel's rule instead.
        const refused = await inner(new Request(request, { body: JSON.stringify({ text: 'x'.repeat(4097) }) }), info);
        const body = await jsonOf(refused);
        return changed(refused, {
          body: {
            error: { ...body.error, fields: { text: "free-form messages are allowed only within 24 hours of the client's last message" } },
          },
        });
      })(next, state),
  },
  {
    name: 'deleted-messages-hidden',
    area: 'conversations',
    proves: ['conversations.deleted-at'],
    description: 'Messages deleted in the messenger disappear from the messages list instead of staying in history marked with deleted_at.',
    wrap: alterMessageList((messages) => messages.filter((message) => message.deleted_at === null)),
  },
  {
    name: 'unassign-ignored',
    area: 'conversations',
    proves: ['conversations.unassign', 'conversations.scope-assign'],
    description: 'Assign with assignee_id null is read as "no change" (PATCH-style), so the conversation keeps its assignee.',
    wrap: onOperation('assignConversation', async (next, request, info, routed) => {
      const sent = await sentJson(request);
      return sent?.assignee_id === null ? next(conversationRead(request, routed.params.id!), info) : next(request, info);
    }),
  },
  {
    name: 'snooze-clamped-to-90-days',
    area: 'conversations',
    proves: ['conversations.snooze-until-offset', 'conversations.snooze-limit'],
    description: 'A snooze more than 90 days ahead is clamped to 90 days instead of answering 422 validation_failed.',
    wrap: (next, state) =>
      onOperation('snoozeConversation', (inner, request, info) =>
        onErrorCode('validation_failed', async (response, body, copy) => {
          if (!body.error.fields?.until) return response;
          const workspace = callerWorkspace(state, copy);
          const until = Date.parse((await copy.clone().json()).until);
          if (!workspace || !(until > workspace.clock.now())) return response;
          const clamped = new Date(workspace.clock.now() + 90 * DAY_MS - 60_000).toISOString();
          return next(new Request(copy, { body: JSON.stringify({ until: clamped }) }));
        })(inner)(request, info),
      )(next, state),
  },
  {
    name: 'unassigned-filter-ignored',
    area: 'conversations',
    proves: ['conversations.filter-unassigned'],
    description: 'The conversation list ignores unassigned=true and lists assigned conversations too.',
    wrap: onConversationList((query) => query.delete('unassigned')),
  },
  {
    name: 'counts-ignore-assignment',
    area: 'conversations',
    proves: ['conversations.counts-mine', 'conversations.counts-unassigned'],
    description: 'The counts read the assignee from the wrong column: mine is always 0 and unassigned equals all.',
    wrap: onOperation('getConversationCounts', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const counts = await jsonOf(response);
      return changed(response, { body: { ...counts, mine: 0, unassigned: counts.all } });
    }),
  },
  {
    name: 'manage-without-messages-read',
    area: 'conversations',
    proves: ['conversations.manage-needs-read'],
    description:
      'The manage routes (assign, resolve, reopen, snooze) check conversations:manage only, letting through a key without messages:read.',
    wrap: (next, state) =>
      onOperation(MANAGE, (inner, request, info) =>
        onErrorCode('missing_scope', async (response, body, copy) =>
          body.error.scope === 'messages:read' ? retryAsOwner(state, next, copy, response) : response,
        )(inner)(request, info),
      )(next, state),
  },
  {
    name: 'business-bot-permission-ignored',
    area: 'conversations',
    proves: ['conversations.business-bot-permission'],
    description:
      "telegram_business replies are sent although the account owner did not allow the bot to reply: the service never reads the owner's permission.",
    // The send's own misreading, inside its transaction: the owner's permission is taken as given.
    operations: ['sendMessage'],
    aroundHandler: async (next, context) => {
      const { tables } = callerOf(context).workspace;
      const conversation = tables.conversations.get(normalizeId(String(context.input.path.id)));
      const channel = conversation && tables.channels.get(conversation.channel_id);
      if (channel?.type === 'telegram_business' && tables.channelOutcomes.get(channel.id)?.replies_allowed === false)
        await tables.channelOutcomes.update(channel.id, (draft) => void (draft.replies_allowed = true));
      return next();
    },
  },
  {
    name: 'force-ignored',
    area: 'conversations',
    proves: ['conversations.force-sends'],
    description: 'A message to a client who opted out answers 409 opted_out even with force true.',
    wrap: onOperation('sendMessage', async (next, request, info) => {
      const sent = await sentJson(request);
      if (sent?.force !== true) return next(request, info);
      const { force: _ignored, ...unforced } = sent;
      return next(new Request(request, { body: JSON.stringify(unforced) }), info);
    }),
  },
  {
    name: 'retry-sends-nothing',
    area: 'conversations',
    proves: ['conversations.retry-failed'],
    description: 'A retry of a failed message answers 200 with the message back in queued, but nothing is sent again: it stays failed.',
    wrap: (next, state) =>
      onOperation('retryMessage', async (inner, request, info, routed) => {
        const message = callerWorkspace(state, request)?.tables.messages.get(normalizeId(routed.params.id!));
        if (message?.status !== 'failed') return inner(request, info);
        const response = await inner(conversationRead(request, message.conversation_id), info);
        return changed(response, { status: 200, body: { ...presentMessage(message), status: 'queued', error: null } });
      })(next, state),
  },
  {
    name: 'resolved-in-default-list',
    area: 'conversations',
    proves: ['conversations.list-default-open'],
    description: 'The conversation list without status lists every conversation, resolved ones too, instead of the open ones.',
    wrap: onConversationList((query) => void (query.has('status') || query.set('status', 'all'))),
  },
  {
    name: 'sla-sort-ignored',
    area: 'conversations',
    proves: ['conversations.sort-sla'],
    description: 'The conversation list ignores sort=sla and always lists the most recent activity first.',
    wrap: onConversationList((query) => void (query.get('sort') === 'sla' && query.delete('sort'))),
  },
  {
    name: 'resolve-only-open',
    area: 'conversations',
    proves: ['conversations.from-any-state'],
    description:
      'Resolve accepts only open conversations: a snoozed one answers 409 instead of being resolved (the spec gives every operation From any).',
    wrap: (next, state) =>
      onOperation('resolveConversation', async (inner, request, info, routed) => {
        const conversation = callerWorkspace(state, request)?.tables.conversations.get(normalizeId(routed.params.id!));
        if (conversation?.status !== 'snoozed') return inner(request, info);
        const read = await inner(conversationRead(request, conversation.id), info);
        const requestId = read.headers.get('x-request-id');
        return changed(read, {
          status: 409,
          body: {
            error: {
              code: 'invalid_state',
              message: 'Only open conversations can be resolved.',
              request_id: requestId,
              docs_url: errorDocsUrl(state.config, 'invalid_state'),
            },
          },
        });
      })(next, state),
  },
  {
    name: 'snooze-never-wakes',
    area: 'conversations',
    proves: ['conversations.wake-up'],
    description: 'The wake-up job never runs: a snoozed conversation still reads snoozed after its until time, until someone reopens it.',
    wrap: (next, state) =>
      onOperation(['getConversation', ...MANAGE], async (inner, request, info, routed) => {
        const snoozed = snoozedThroughApi(state, 'snooze-never-wakes');
        const response = await inner(request, info);
        if (!response.ok) return response;
        const action = actionOf(routed.operationId);
        const body = await jsonOf(response);
        if (action === 'snooze') snoozed.set(body.id, body.snoozed_until);
        else if (action && action !== 'assign') snoozed.delete(body.id);
        const until = snoozed.get(body.id);
        if (request.method !== 'GET' || !until || body.status !== 'open') return response;
        return changed(response, { body: { ...body, status: 'snoozed', snoozed_until: until } });
      })(next, state),
  },
  {
    name: 'opt-out-across-channels',
    area: 'conversations',
    proves: ['conversations.opt-out-per-channel'],
    description:
      'An opt-out is kept on the client, not on the channel: a client who opted out on one channel answers 409 opted_out on every other.',
    wrap: (next, state) =>
      onOperation('sendMessage', async (inner, request, info, routed) => {
        const workspace = callerWorkspace(state, request);
        const conversation = workspace?.tables.conversations.get(normalizeId(routed.params.id!));
        if (!conversation || conversation.do_not_contact) return inner(request, info);
        const sameClient = (other: typeof conversation) =>
          other.id !== conversation.id &&
          other.do_not_contact &&
          ((conversation.handle !== '' && other.handle === conversation.handle) ||
            (conversation.phone !== '' && other.phone === conversation.phone));
        const sent = await sentJson(request);
        if (sent?.force === true || ![...workspace!.tables.conversations.values()].some(sameClient)) return inner(request, info);
        const read = await inner(conversationRead(request, conversation.id), info);
        const error = {
          code: 'opted_out',
          message: 'The client opted out.',
          request_id: read.headers.get('x-request-id'),
          docs_url: errorDocsUrl(state.config, 'opted_out'),
        };
        return changed(read, { status: 409, body: { error } });
      })(next, state),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'assign-reopens-conversation',
    area: 'conversations',
    proves: ['conversations.from-any-state'],
    description:
      'Assigning a resolved or snoozed conversation reopens it, where assign leaves the status unchanged (spec 3, conversation).',
    wrap: onOperation('assignConversation', async (next, request, info, routed) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      if (body?.status !== 'resolved' && body?.status !== 'snoozed') return response;
      const reopen = requestTo(request, `/v1/conversations/${encodeURIComponent(routed.params.id!)}/reopen`, {
        method: 'POST',
        headers: { authorization: request.headers.get('authorization') ?? '' },
      });
      const reopened = await jsonOf(await next(reopen, info));
      return reopened?.status ? changed(response, { body: reopened }) : response;
    }),
  },
  {
    name: 'message-answered-sent',
    area: 'conversations',
    proves: [
      'conversations.business-reply-window',
      'conversations.business-bot-permission',
      'conversations.send-queued',
      'conversations.send-answers-201',
      'conversations.force-sends',
      'conversations.channel-rule-fails-later',
      'responses.shape.send-message',
    ],
    description:
      'Sending a message answers 201 with status sent (what the channel reported at once) instead of queued (spec 3, message; 4.8).',
    wrap: onOperation('sendMessage', async (next, request, info) => {
      const response = await next(request, info);
      if (response.status !== 201) return response;
      return alterOk(response, (body) => (body.status === 'queued' ? { ...body, status: 'sent' } : body));
    }),
  },
  {
    name: 'retry-not-failed-as-422',
    area: 'conversations',
    proves: ['conversations.not-failed', 'errors.code-status'],
    description: 'A retry of a message that is not failed answers 422 not_failed instead of 409 (spec 3, 4.8, 7.3).',
    wrap: onErrorCode('not_failed', (response) => changed(response, { status: 422 })),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'messages-oldest-first',
    area: 'conversations',
    proves: ['conversations.messages-newest-first', 'conversations.messages-paging'],
    description: "A conversation's messages are listed oldest first (chat order) instead of newest first (spec 4.8).",
    wrap: onOperation('listMessages', async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      return Array.isArray(body?.data) ? changed(response, { body: { ...body, data: [...body.data].reverse() } }) : response;
    }),
  },
  {
    name: 'snooze-until-offset-dropped',
    area: 'conversations',
    proves: [
      'conversations.snoozed-until',
      'conversations.wake-up',
      'conversations.list-open-includes-woken',
      'conversations.list-status-snoozed',
    ],
    description:
      "A conversation snooze's until is read as a UTC clock reading: 18:00+05:00 snoozes until 18:00Z, five hours late (spec 4.8: a timestamp with offset).",
    wrap: onOperation('snoozeConversation', async (next, request, info) => {
      const sent = await sentJson(request);
      return next(typeof sent?.until === 'string' ? withJson(request, { ...sent, until: offsetDropped(sent.until) }) : request, info);
    }),
  },
  {
    name: 'client-id-dedup-includes-text',
    area: 'conventions',
    proves: ['conventions.message-client-id-idempotent', 'conversations.client-id-idempotent'],
    description:
      'Message idempotency is keyed on client_id and the text together: sending again with the same client_id and another text sends a second message instead of returning the first (spec 4.8, 9).',
    wrap: onOperation('sendMessage', async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      const first = response.status === 200 ? await jsonOf(response) : undefined;
      if (!first || typeof sent?.client_id !== 'string' || first.text === sent.text) return response;
      const { client_id: clientId, ...rest } = sent;
      const again = await next(withJson(request, rest), info);
      return again.status === 201 ? changed(again, { body: { ...(await jsonOf(again)), client_id: clientId } }) : again;
    }),
  },
  {
    name: 'client-id-64-refused',
    area: 'conversations',
    proves: ['conversations.client-id-limit'],
    description:
      'A message client_id of exactly 64 characters is refused with 422 (the column holds 63 and a terminator) where up to 64 are allowed (spec 2.10, 8).',
    wrap: sendOverTheEdge((sent) =>
      typeof sent.client_id === 'string' && sent.client_id.length === 64 ? { ...sent, client_id: `${sent.client_id}x` } : undefined,
    ),
  },
  {
    name: 'message-retry-with-read-scope',
    area: 'conversations',
    proves: ['conversations.scope-retry'],
    description:
      'Retrying a failed message is filed with the read routes: a key with messages:read and without messages:send retries (re-sends) messages instead of 403 missing_scope (spec 4.8).',
    wrap: guardedByReadScope('retryMessage', '/v1/conversations?limit=1'),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'conversations-needs-reply-ignored',
    area: 'conversations',
    proves: ['conversations.filter-needs-reply'],
    description:
      "The needs_reply filter of the conversation list is not read: conversations whose last message is the team's own are listed too (spec 4.8: needs_reply keeps those waiting for an answer).",
    wrap: onConversationList((query) => query.delete('needs_reply')),
  },
  // Found by the sixth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'snooze-limit-89-days',
    area: 'conversations',
    proves: ['conversations.from-any-state', 'conversations.snooze-limit'],
    description:
      'A conversation snooze more than 89 days ahead is refused with 422 (the limit counts whole days from tomorrow), where anything within the next 90 days is allowed (spec 3, 4.8, 8).',
    wrap: (next, state) =>
      onOperation('snoozeConversation', async (next, request, info) => {
        const sent = await sentJson(request);
        const nowMs = callerWorkspace(state, request)?.clock.now();
        const untilMs = typeof sent?.until === 'string' ? Date.parse(sent.until) : NaN;
        if (nowMs === undefined || !(untilMs - nowMs > 89 * DAY_MS && untilMs - nowMs <= 90 * DAY_MS)) return next(request, info);
        // The mock's own refusal of a time past the window.
        return next(withJson(request, { ...sent, until: new Date(nowMs + 91 * DAY_MS).toISOString() }), info);
      })(next, state),
  },
  {
    name: 'snooze-past-accepted',
    area: 'conversations',
    proves: ['conversations.snooze-future'],
    description:
      'A conversation snooze with until in the past is accepted (200, snoozed, woken at once) instead of refused with 422: only the 90-day end of the window is checked (spec 3, 4.8: within the next 90 days).',
    wrap: (next, state) =>
      onOperation('snoozeConversation', async (next, request, info) => {
        const sent = await sentJson(request);
        const nowMs = callerWorkspace(state, request)?.clock.now();
        const untilMs = typeof sent?.until === 'string' ? Date.parse(sent.until) : NaN;
        if (nowMs === undefined || !(untilMs <= nowMs)) return next(request, info);
        const response = await next(withJson(request, { ...sent, until: new Date(nowMs + 1000).toISOString() }), info);
        return alterOk(response, (body) => ({ ...body, snoozed_until: new Date(untilMs).toISOString() }));
      })(next, state),
  },
  {
    name: 'assign-foreign-member-accepted',
    area: 'conversations',
    proves: ['conversations.assign-unknown-member'],
    description:
      'Assign takes any member-shaped id without looking it up: a member id of another workspace is set as the assignee (200) instead of refused (spec 4.8: assignee_id is a member; 2.9).',
    // The handler's own misreading, inside the request's transaction: its refusal of an assignee it
    // does not know is overruled for any member-shaped id, which is set as the assignee.
    operations: ['assignConversation'],
    aroundHandler: async (next, context) => {
      try {
        return await next();
      } catch (refusal) {
        const sent = (context.input.body as { assignee_id?: unknown } | undefined)?.assignee_id;
        const { tables } = callerOf(context).workspace;
        const conversation = tables.conversations.get(normalizeId(String(context.input.path.id)));
        const refusedAssignee =
          refusal instanceof ApiError &&
          refusal.code === 'validation_failed' &&
          (refusal.extras as { fields?: Record<string, unknown> }).fields?.assignee_id;
        if (!refusedAssignee || typeof sent !== 'string' || !/^(mb|member)_[0-9a-z]{26}$/.test(sent) || !conversation) throw refusal;
        const assigned = await tables.conversations.update(conversation.id, (draft) => void (draft.assignee_id = normalizeId(sent)));
        return { body: presentConversation(tables, assigned) };
      }
    },
  },
  {
    name: 'waiting-filter-as-needs-reply',
    area: 'conversations',
    proves: ['conversations.filter-waiting'],
    description:
      'waiting=true on the conversation list is read as needs_reply: conversations whose client waits but whose answer time has not passed yet are listed too (spec 4.8: waiting keeps those past their answer time).',
    wrap: onConversationList((query) => {
      if (query.get('waiting') !== 'true') return;
      query.delete('waiting');
      query.set('needs_reply', 'true');
    }),
  },
  {
    name: 'message-text-counted-in-utf16',
    area: 'conversations',
    proves: ['conversations.text-limit'],
    description:
      'The message text limit counts UTF-16 code units: a text of 4096 characters with emoji in it is refused with 422 where up to 4096 characters are allowed (spec 4.8, 8).',
    wrap: sendOverTheEdge((sent) =>
      typeof sent.text === 'string' && sent.text.length > 4096 && [...sent.text].length <= 4096
        ? { ...sent, text: 'x'.repeat(4097) }
        : undefined,
    ),
  },
  {
    name: 'client-id-65-truncated',
    area: 'conversations',
    proves: ['conversations.client-id-limit'],
    description:
      'A message client_id over 64 characters is cut to 64 (a varchar column in non-strict mode) and the message sent, instead of refused with 422 (spec 2.10, 8: up to 64 characters).',
    wrap: onOperation('sendMessage', async (next, request, info) => {
      const sent = await sentJson(request);
      if (typeof sent?.client_id !== 'string' || sent.client_id.length <= 64) return next(request, info);
      return next(withJson(request, { ...sent, client_id: sent.client_id.slice(0, 64) }), info);
    }),
  },
  {
    name: 'message-send-with-read-scope',
    area: 'conversations',
    proves: ['conversations.scope-send'],
    description:
      'Sending a message checks messages:read instead of messages:send: a key that may only read conversations writes to clients (spec 4.8: POST .../messages needs messages:send).',
    wrap: guardedByReadScope('sendMessage', '/v1/conversations?limit=1', 'messages:send'),
  },
  {
    name: 'reply-window-from-last-message',
    area: 'conversations',
    proves: ['conversations.business-reply-window', 'conversations.channel-rule-fails-later'],
    description:
      "The 24-hour reply window of whatsapp and telegram_business counts from the conversation's last message of either side, not the client's: a reply 25 hours after the client wrote but an hour after the team's last answer is sent instead of failing (spec 2.10, 4.8).",
    ...sendIgnoringChannelRules(({ workspace, conversation, channelType, stepAtMs }) => {
      if (channelType !== 'whatsapp' && channelType !== 'telegram_business') return false;
      if (channelType === 'telegram_business' && !channelOutcome(workspace.tables, conversation.channel_id).replies_allowed) return false;
      const lastMessage = conversation.last_message_at === null ? null : Date.parse(conversation.last_message_at);
      return outsideReplyWindow(conversation, stepAtMs) && lastMessage !== null && stepAtMs - lastMessage <= REPLY_WINDOW_MS;
    }),
  },
  {
    name: 'business-reply-window-ignored',
    area: 'conversations',
    proves: ['conversations.business-reply-window'],
    description:
      "telegram_business replies more than 24 hours after the client's last message are sent: only the owner's permission is checked, the messenger's 24-hour rule is applied to whatsapp alone (spec 2.10).",
    ...sendIgnoringChannelRules(
      ({ workspace, conversation, channelType, stepAtMs }) =>
        channelType === 'telegram_business' &&
        channelOutcome(workspace.tables, conversation.channel_id).replies_allowed &&
        outsideReplyWindow(conversation, stepAtMs),
    ),
  },
  {
    name: 'wake-up-polled-every-5-minutes',
    area: 'conversations',
    proves: ['conversations.wake-up'],
    description:
      'Snoozed conversations are woken by a job that runs every 5 minutes: one snoozed until 10:00 still reads snoozed at 10:04 instead of open when its until time arrives (spec 3: snoozed -> open when the until time arrives).',
    wrap: (next, state) =>
      onOperation(CONVERSATION_ANSWERS, async (inner, request, info, routed) => {
        const snoozed = snoozedThroughApi(state, 'wake-up-polled-every-5-minutes');
        const asPolled = (nowMs: number) => (conversation: any) => {
          const until = snoozed.get(conversation?.id);
          if (!until || conversation.status !== 'open' || nowMs >= Date.parse(until) + 5 * 60_000) return conversation;
          return { ...conversation, status: 'snoozed', snoozed_until: until };
        };
        const response = await inner(request, info);
        if (!response.ok) return response;
        const action = actionOf(routed.operationId);
        const body = await jsonOf(response);
        if (action === 'snooze') snoozed.set(body.id, body.snoozed_until);
        else if (action && action !== 'assign') snoozed.delete(body.id);
        const nowMs = callerWorkspace(state, request)?.clock.now();
        if (request.method !== 'GET' || nowMs === undefined || snoozed.size === 0) return response;
        return changed(response, {
          body: Array.isArray(body.data) ? { ...body, data: body.data.map(asPolled(nowMs)) } : asPolled(nowMs)(body),
        });
      })(next, state),
  },
  {
    name: 'sla-sort-nulls-first',
    area: 'conversations',
    proves: ['conversations.sort-sla'],
    description:
      'sort=sla orders by sla_due_at ascending with nulls first (the database default): conversations nobody waits in come before the most urgent ones (spec 4.8: sla = most urgent first).',
    wrap: onOperation('listConversations', async (next, request, info) => {
      const response = await next(request, info);
      if (queryOf(request).get('sort') !== 'sla') return response;
      return alterOk(response, (body) => {
        if (!Array.isArray(body.data)) return body;
        const idle = body.data.filter((conversation: any) => conversation.sla_due_at === null);
        return { ...body, data: [...idle, ...body.data.filter((conversation: any) => conversation.sla_due_at !== null)] };
      });
    }),
  },
];
