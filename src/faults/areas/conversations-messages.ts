// Mutants of messages (spec 2.10, 3 Message, 4.8): sending, the reply window, opt-outs,
// client ids, retries and failures of delivery.
import { errorDocsUrl } from '../../errors/docs-url.ts';
import { presentMessage } from '../../resources/conversations/present.ts';
import { WALK } from '../../resources/conversations/delivery-walk.ts';
import { messageSummary } from '../../resources/conversations/event-summaries.ts';
import { channelOutcome } from '../../resources/conversations/channel-outcome.ts';
import { systemContext } from '../../resources/records/record-context.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { MockState } from '../../mock-state.ts';
import { scheduleChange } from '../../workspaces/scheduled-change.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { callerOf } from '../../http/handler.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { alterOk, callerWorkspace, onOperation, sentJson, withJson } from '../request-match.ts';
import { guardedByReadScope, retryAsOwner } from '../owner-key.ts';
import { DAY_MS, MANAGE, conversationRead } from '../conversation-requests.ts';

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

const outsideReplyWindow = (conversation: any, atMs: number) =>
  conversation.last_inbound_at === null || atMs - Date.parse(conversation.last_inbound_at) > REPLY_WINDOW_MS;

export const conversationsMessagesMutants: readonly Fault[] = [
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
];
