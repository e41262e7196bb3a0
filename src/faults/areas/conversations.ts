// Mutants of the conversations rules (spec 2.9, 2.10, 3, 4.8): each is a bug another team's
// conversations service might ship, acting through the handler seams by operationId, and a check
// of the conversations family must catch it (test/conformance/mutation/conversations.test.ts).
import type { HandlerContext } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { channelOutcome } from '../../resources/conversations/channel-outcome.ts';
import { isEffectivelyOpen } from '../../resources/conversations/conversation-states.ts';
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import { changed, jsonOf, type Fault } from '../fault.ts';
import { onOperation, sentJson } from '../request-match.ts';
import { alterResult, eachRecord } from './handler-answer.ts';
import { scopeGuardForgotten } from './forgotten-guard.ts';

/** Every operation whose answer shows conversations (the list, the read and the manage routes). */
const CONVERSATION_ANSWERS: OperationId[] = [
  'listConversations',
  'getConversation',
  'assignConversation',
  'resolveConversation',
  'reopenConversation',
  'snoozeConversation',
];
/** Every operation whose answer shows messages. */
const MESSAGE_ANSWERS: OperationId[] = ['listMessages', 'sendMessage', 'retryMessage'];

/** A mutant that shows conversations (or messages) changed by `alter`, as a buggy presenter would. */
function presenter(
  operations: OperationId[],
  alter: (record: any, context: HandlerContext) => any,
): Pick<Fault, 'operations' | 'aroundHandler'> {
  return {
    operations,
    aroundHandler: async (next, context) =>
      alterResult(
        await next(),
        eachRecord((record) => alter(record, context)),
      ),
  };
}

/** A list whose query the handler misreads: `misread` changes the validated query it is given. */
function misreadQuery(operation: OperationId, misread: (query: Record<string, unknown>) => void): Pick<Fault, 'operations' | 'alterInput'> {
  return {
    operations: [operation],
    alterInput: (input) => {
      const query = { ...input.query };
      misread(query);
      return { ...input, query };
    },
  };
}

/** A `q` search that leaves out one of the client's fields: a conversation found only through it is not listed. */
function searchWithout(
  field: (conversation: any) => string,
  applies: (q: string) => boolean = () => true,
): Pick<Fault, 'operations' | 'aroundHandler'> {
  return {
    operations: ['listConversations'],
    aroundHandler: async (next, context) => {
      const q = String(context.input.query.q ?? '')
        .trim()
        .toLowerCase();
      if (!q || !applies(q)) return next();
      const searched = (c: any) => [c.name, c.handle, c.phone, c.preview?.text ?? ''].filter((text) => text !== field(c));
      const foundElsewhere = (c: any) => searched(c).some((text) => String(text).toLowerCase().includes(q));
      return alterResult(await next(), (body) => ({ ...body, data: body.data.filter(foundElsewhere) }));
    },
  };
}

/** A failed message as a service that dropped the channel's failure report from `from` shows it: still in `from`. */
function failureDropped(from: 'queued' | 'sent'): Pick<Fault, 'operations' | 'aroundHandler'> {
  return presenter(['listMessages'], (message, context) => {
    const { tables } = context.caller!.workspace;
    const conversation = tables.conversations.get(message.conversation_id);
    const outcome = conversation ? channelOutcome(tables, conversation.channel_id) : undefined;
    const dropped = message.status === 'failed' && outcome?.status === 'failed' && outcome.failed_from === from;
    return dropped ? { ...message, status: from, error: null } : message;
  });
}

export const conversationsMutants: Fault[] = [
  // --- 2.9 Conversation: fields as a presenter might get them wrong ---------------------------
  {
    name: 'conversation-id-upper-case',
    area: 'conversations',
    proves: ['conversations.conversation-id'],
    description:
      "Conversation ids are shown with the ULID in Crockford's upper-case form (cv_01J...), not as the lower-case id of spec 2.2 (spec 2.9).",
    ...presenter(CONVERSATION_ANSWERS, (c) => ({ ...c, id: `cv_${String(c.id).slice(3).toUpperCase()}` })),
  },
  {
    name: 'channel-type-telegram',
    area: 'conversations',
    proves: ['conversations.channel-type'],
    description:
      'The channel summary shows type `telegram` for telegram_bot, telegram_business and telegram_account channels alike (spec 2.9 names the three).',
    ...presenter(CONVERSATION_ANSWERS, (c) => ({
      ...c,
      channel: { ...c.channel, type: String(c.channel?.type).startsWith('telegram') ? 'telegram' : c.channel?.type },
    })),
  },
  {
    name: 'conversation-phone-digits-only',
    area: 'conversations',
    proves: ['conversations.client-fields'],
    description:
      "A conversation shows the client's phone as digits only (998901234567), not as the channel knows it (+998 90 ...) (spec 2.9).",
    ...presenter(CONVERSATION_ANSWERS, (c) => ({ ...c, phone: String(c.phone).replace(/[^0-9]/g, '') })),
  },
  {
    name: 'conversation-unlinked-ids-empty',
    area: 'conversations',
    proves: ['conversations.contact-and-lead', 'conversations.assignee-id'],
    description:
      'A conversation without a contact, lead or assignee shows "" for contact_id, lead_id and assignee_id (a zero value of a non-nullable column), not null (spec 2.9).',
    ...presenter(CONVERSATION_ANSWERS, (c) => ({
      ...c,
      contact_id: c.contact_id ?? '',
      lead_id: c.lead_id ?? '',
      assignee_id: c.assignee_id ?? '',
    })),
  },
  {
    name: 'conversation-open-shown-as-new',
    area: 'conversations',
    proves: ['conversations.status-values'],
    description:
      'An open conversation nobody has answered yet shows status `new` (the inbox label), none of open, snoozed and resolved (spec 2.9).',
    ...presenter(CONVERSATION_ANSWERS, (c) => (c.status === 'open' && c.last_outbound_at === null ? { ...c, status: 'new' } : c)),
  },
  {
    name: 'do-not-contact-null-until-opted',
    area: 'conversations',
    proves: ['conversations.do-not-contact-field'],
    description: 'do_not_contact is null for a client who never opted in or out (a nullable column), not false (spec 2.9: a boolean).',
    ...presenter(CONVERSATION_ANSWERS, (c) => (c.do_not_contact === false ? { ...c, do_not_contact: null } : c)),
  },
  {
    name: 'last-message-at-inbound-only',
    area: 'conversations',
    proves: ['conversations.last-times'],
    description:
      "last_message_at is moved only by the client's messages: after an answer it still shows the client's last message, not the answer (spec 2.9).",
    ...presenter(CONVERSATION_ANSWERS, (c) => ({ ...c, last_message_at: c.last_inbound_at })),
  },
  {
    name: 'preview-inbound-only',
    area: 'conversations',
    proves: ['conversations.preview'],
    description:
      "The preview is updated only by the client's messages: after an answer it still shows the client's last message (spec 2.9: the last message).",
    operations: CONVERSATION_ANSWERS,
    aroundHandler: async (next, context) =>
      alterResult(
        await next(),
        eachRecord((c) => {
          const messages = context.caller!.workspace.tables.messages.findBy('conversation', c.id);
          const lastIn = messages
            .filter((message) => message.direction === 'in')
            .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
          return lastIn && c.preview?.direction === 'out' ? { ...c, preview: { text: lastIn.text, direction: 'in' } } : c;
        }),
      ),
  },
  {
    name: 'conversation-created-at-epoch',
    area: 'conversations',
    proves: ['conversations.created-at'],
    description: 'A conversation shows created_at as Unix seconds (a number), not a time of spec 2.1 (spec 2.9).',
    ...presenter(CONVERSATION_ANSWERS, (c) => ({ ...c, created_at: Math.floor(Date.parse(c.created_at) / 1000) })),
  },

  // --- 2.10 Message ------------------------------------------------------------------------
  {
    name: 'messages-without-conversation-id',
    area: 'conversations',
    proves: ['conversations.message-id'],
    description: "The messages list leaves out each message's conversation_id (the route names the conversation already) (spec 2.10).",
    ...presenter(['listMessages'], ({ conversation_id: _left, ...message }) => message),
  },
  {
    name: 'message-direction-words',
    area: 'conversations',
    proves: ['conversations.message-direction'],
    description: 'Messages show direction `inbound` / `outbound`, not `in` / `out` (spec 2.10).',
    ...presenter(MESSAGE_ANSWERS, (m) => ({
      ...m,
      direction: m.direction === 'in' ? 'inbound' : m.direction === 'out' ? 'outbound' : m.direction,
    })),
  },
  {
    name: 'client-message-author-contact',
    area: 'conversations',
    proves: ['conversations.author-type-client'],
    description: "A client's message shows author_type `contact` (the client is linked to a contact), not `client` (spec 2.10).",
    ...presenter(MESSAGE_ANSWERS, (m) => (m.author_type === 'client' ? { ...m, author_type: 'contact' } : m)),
  },
  {
    name: 'message-author-is-api-key',
    area: 'conversations',
    proves: ['conversations.author-type-member', 'conversations.author-id'],
    description:
      "A message sent with an API key shows the key as its author (author_type `api_key`, author_id the key's id), not the key's member (spec 2.10).",
    ...presenter(MESSAGE_ANSWERS, (m, context) =>
      m.author_type === 'member' && !m.external && context.caller?.actor.type === 'api_key'
        ? { ...m, author_type: 'api_key', author_id: context.caller.actor.id }
        : m,
    ),
  },
  {
    name: 'message-attachments-null',
    area: 'conversations',
    proves: ['conversations.message-text-attachments'],
    description: 'A message without attachments shows attachments null, not an empty array (spec 2.10).',
    ...presenter(MESSAGE_ANSWERS, (m) => (Array.isArray(m.attachments) && m.attachments.length === 0 ? { ...m, attachments: null } : m)),
  },
  {
    name: 'inbound-status-null',
    area: 'conversations',
    proves: ['conversations.status-inbound'],
    description:
      "A client's message shows status null (delivery statuses are kept for outgoing messages only), not `received` (spec 2.10).",
    ...presenter(MESSAGE_ANSWERS, (m) => (m.direction === 'in' ? { ...m, status: null } : m)),
  },
  {
    name: 'queued-shown-as-pending',
    area: 'conversations',
    proves: ['conversations.send-queued', 'conversations.send-answers-201'],
    description:
      'An outgoing message waiting for the channel shows status `pending`, none of queued, sent, delivered, read and failed (spec 2.10).',
    ...presenter(MESSAGE_ANSWERS, (m) => (m.status === 'queued' ? { ...m, status: 'pending' } : m)),
  },
  {
    name: 'send-answer-without-client-id',
    area: 'conversations',
    proves: ['conversations.client-id-field'],
    description:
      'The answer to a send shows client_id null even when one was sent (the presenter reads it before it is stored) (spec 2.10).',
    ...presenter(['sendMessage'], (m) => ({ ...m, client_id: null })),
  },
  {
    name: 'message-created-at-local',
    area: 'conversations',
    proves: ['conversations.message-created-at'],
    description:
      "A message's created_at is written without an offset (2026-01-15T10:00:00), a local clock reading, not a time of spec 2.1 (spec 2.10).",
    ...presenter(MESSAGE_ANSWERS, (m) => ({ ...m, created_at: String(m.created_at).replace(/(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, '') })),
  },
  {
    name: 'client-edit-not-marked',
    area: 'conversations',
    proves: ['conversations.edited-at'],
    description:
      "A client's edit in the messenger replaces the text but leaves edited_at null (the edit flag is kept only for the team's messages) (spec 2.10).",
    ...presenter(['listMessages'], (m) => (m.direction === 'in' && m.edited_at !== null ? { ...m, edited_at: null } : m)),
  },
  {
    name: 'owner-edit-not-marked',
    area: 'conversations',
    proves: ['conversations.owner-edit-business'],
    description:
      'In telegram_business chats an outgoing message the owner edited in the messenger shows edited_at null (outgoing edits are not recorded) (spec 2.10).',
    ...presenter(['listMessages'], (m) => (m.direction === 'out' && m.edited_at !== null ? { ...m, edited_at: null } : m)),
  },
  {
    name: 'external-message-not-marked',
    area: 'conversations',
    proves: ['conversations.external-message'],
    description:
      'A message the telegram_business owner wrote from their own app shows external false, like one sent through the service (spec 2.10).',
    ...presenter(['listMessages'], (m) => (m.external === true ? { ...m, external: false } : m)),
  },

  // --- 3 Conversation: the manage routes ----------------------------------------------------
  {
    name: 'assign-answers-before-change',
    area: 'conversations',
    proves: ['conversations.assign', 'conversations.unassign'],
    description:
      'Assign answers the conversation as the handler read it before the change: the new assignee shows only on the next read (spec 3, 4.8).',
    operations: ['assignConversation'],
    aroundHandler: async (next, context) => {
      const before = context.caller!.workspace.tables.conversations.get(normalizeId(context.input.path.id!));
      const assignee = before?.assignee_id ?? null;
      return alterResult(await next(), (c) => ({ ...c, assignee_id: assignee }));
    },
  },
  {
    name: 'resolve-answers-before-change',
    area: 'conversations',
    proves: ['conversations.resolve'],
    description:
      'Resolve answers the conversation as it was before: the status it had, not `resolved` (a stale read after the write) (spec 3).',
    operations: ['resolveConversation'],
    aroundHandler: async (next, context) => {
      const status = context.caller!.workspace.tables.conversations.get(normalizeId(context.input.path.id!))?.status;
      return alterResult(await next(), (c) => ({ ...c, status: status ?? c.status }));
    },
  },
  {
    name: 'reopen-only-unsnoozes',
    area: 'conversations',
    proves: ['conversations.reopen', 'conversations.list-default-open'],
    description:
      'Reopen is written as "end the snooze": it opens a snoozed conversation, but a resolved one stays resolved (answered 200) (spec 3).',
    operations: ['reopenConversation'],
    aroundHandler: async (next, context) => {
      const stored = context.caller!.workspace.tables.conversations.get(normalizeId(context.input.path.id!));
      const result = await next();
      if (stored?.status !== 'resolved') return result;
      await context.caller!.workspace.tables.conversations.update(stored.id, (draft) => void (draft.status = 'resolved'));
      return alterResult(result, (c) => ({ ...c, status: 'resolved' }));
    },
  },
  {
    name: 'snooze-keeps-status-open',
    area: 'conversations',
    proves: ['conversations.snooze', 'conversations.list-status-snoozed'],
    description:
      'A snooze stores snoozed_until but leaves the status `open` (the status is meant to be worked out later and never is) (spec 3).',
    operations: ['snoozeConversation'],
    aroundHandler: async (next, context) => {
      const result = await next();
      const { conversations } = context.caller!.workspace.tables;
      const stored = conversations.get(normalizeId(context.input.path.id!));
      if (!stored || stored.status !== 'snoozed') return result;
      await conversations.update(stored.id, (draft) => void (draft.status = 'open'));
      return alterResult(result, (c) => ({ ...c, status: 'open' }));
    },
  },
  {
    name: 'assign-takes-member-id',
    area: 'conversations',
    proves: ['conversations.assign-body', 'conversations.assign', 'conversations.unassign'],
    description:
      'Assign reads `member_id` from the body: `{assignee_id: ...}` answers 422 validation_failed naming member_id (spec 4.8: the body is {assignee_id}).',
    // The handler's own refusal, before it writes anything (the body was valid to the document).
    operations: ['assignConversation'],
    aroundHandler: async (next, context) => {
      if ((context.input.body as Record<string, unknown>).member_id === undefined)
        throw new ApiError('validation_failed', { fields: { member_id: 'is required' } });
      return next();
    },
  },

  // --- 3 Message (outgoing): the channel's reports -------------------------------------------
  {
    name: 'sent-report-dropped',
    area: 'conversations',
    proves: ['conversations.queued-to-sent'],
    description:
      "The channel's `sent` report is not applied: a message the channel took still shows queued until it is delivered (spec 3).",
    ...presenter(['listMessages'], (m, context) =>
      m.status === 'sent' && context.caller!.workspace.tables.messages.get(m.id)?.queued_at ? { ...m, status: 'queued' } : m,
    ),
  },
  {
    name: 'delivered-report-dropped',
    area: 'conversations',
    proves: ['conversations.sent-to-delivered'],
    description: "The channel's `delivered` report is not applied: a delivered message still shows sent until it is read (spec 3).",
    ...presenter(['listMessages'], (m) => (m.status === 'delivered' ? { ...m, status: 'sent' } : m)),
  },
  {
    name: 'read-report-dropped',
    area: 'conversations',
    proves: ['conversations.delivered-to-read'],
    description: "The channel's `read` report is not applied: a message the client read still shows delivered (spec 3).",
    ...presenter(['listMessages'], (m) => (m.status === 'read' ? { ...m, status: 'delivered' } : m)),
  },
  {
    name: 'read-shown-as-seen',
    area: 'conversations',
    proves: ['conversations.status-outbound', 'conversations.delivered-to-read'],
    description:
      "A message the client read shows status `seen` (the messenger's word), none of queued, sent, delivered, read and failed (spec 2.10, 3).",
    ...presenter(MESSAGE_ANSWERS, (m) => (m.status === 'read' ? { ...m, status: 'seen' } : m)),
  },
  {
    name: 'failure-before-sent-dropped',
    area: 'conversations',
    proves: ['conversations.failed-from-queued'],
    description:
      'A failure the channel reports before it took the message is dropped (the failure callback updates sent messages only): the message stays queued, error null (spec 3).',
    ...failureDropped('queued'),
  },
  {
    name: 'failure-after-sent-dropped',
    area: 'conversations',
    proves: ['conversations.failed-from-sent'],
    description:
      'A failure the channel reports after it took the message is dropped (statuses only move forward from sent): the message stays sent, error null (spec 3).',
    ...failureDropped('sent'),
  },

  // --- 4.8 Scopes ---------------------------------------------------------------------------
  {
    name: 'conversation-counts-unguarded',
    area: 'conversations',
    proves: ['conversations.scope-counts'],
    description: 'GET /v1/conversations/counts was added without its scope guard: a key without messages:read gets the counts (spec 4.8).',
    wrap: scopeGuardForgotten(['getConversationCounts']),
  },
  {
    name: 'conversation-reads-unguarded',
    area: 'conversations',
    proves: ['conversations.scope-list', 'conversations.scope-read'],
    description:
      'The conversation list and read routes lost their scope guard: a key without messages:read lists and reads conversations (spec 4.8).',
    wrap: scopeGuardForgotten(['listConversations', 'getConversation']),
  },
  {
    name: 'messages-list-unguarded',
    area: 'conversations',
    proves: ['conversations.scope-messages'],
    description: "A conversation's messages list has no scope guard: a key without messages:read reads the messages (spec 4.8).",
    wrap: scopeGuardForgotten(['listMessages']),
  },
  {
    name: 'manage-guarded-by-read-only',
    area: 'conversations',
    proves: ['conversations.scope-resolve', 'conversations.scope-reopen', 'conversations.scope-snooze'],
    description:
      'Resolve, reopen and snooze check messages:read only: a key without conversations:manage changes the conversation (spec 4.8).',
    wrap: scopeGuardForgotten(['resolveConversation', 'reopenConversation', 'snoozeConversation'], 'conversations:manage'),
  },

  // --- 4.8 The list: statuses, filters, q, order, paging --------------------------------------
  {
    name: 'status-resolved-lists-all',
    area: 'conversations',
    proves: ['conversations.list-status-resolved'],
    description: 'status=resolved is not understood: the list shows conversations of every status (spec 4.8).',
    ...misreadQuery('listConversations', (query) => void (query.status === 'resolved' && (query.status = 'all'))),
  },
  {
    name: 'status-all-as-default',
    area: 'conversations',
    proves: ['conversations.list-status-all'],
    description: 'status=all is read as the default: the list shows open conversations only (spec 4.8).',
    ...misreadQuery('listConversations', (query) => void (query.status === 'all' && delete query.status)),
  },
  {
    name: 'channel-filter-ignored',
    area: 'conversations',
    proves: ['conversations.filter-channel'],
    description: 'The conversation list ignores channel=: it lists the conversations of every channel (spec 4.8).',
    ...misreadQuery('listConversations', (query) => void delete query.channel),
  },
  {
    name: 'lead-filter-matches-contact',
    area: 'conversations',
    proves: ['conversations.filter-lead'],
    description: "lead= is compared with the conversation's contact_id (a copied line): a lead's conversations are not found (spec 4.8).",
    ...misreadQuery('listConversations', (query) => {
      if (query.lead === undefined) return;
      query.contact = query.lead;
      delete query.lead;
    }),
  },
  {
    name: 'contact-filter-ignored',
    area: 'conversations',
    proves: ['conversations.filter-contact'],
    description: "The conversation list ignores contact=: it lists every contact's conversations (spec 4.8).",
    ...misreadQuery('listConversations', (query) => void delete query.contact),
  },
  {
    name: 'unread-filter-ignored',
    area: 'conversations',
    proves: ['conversations.filter-unread'],
    description: 'The conversation list ignores unread=true: read conversations are listed too (spec 4.8).',
    ...misreadQuery('listConversations', (query) => void delete query.unread),
  },
  {
    name: 'q-skips-name',
    area: 'conversations',
    proves: ['conversations.q-name'],
    description: "q searches the handle, phone and last message, not the client's name (spec 4.8).",
    ...searchWithout((c) => c.name),
  },
  {
    name: 'q-handle-without-at',
    area: 'conversations',
    proves: ['conversations.q-handle'],
    description: 'Handles are searched without their leading @: q=@name finds no conversation by its handle (spec 4.8).',
    ...searchWithout(
      (c) => c.handle,
      (q) => q.startsWith('@'),
    ),
  },
  {
    name: 'q-phone-with-plus-missed',
    area: 'conversations',
    proves: ['conversations.q-phone'],
    description: 'Phones are searched as stored digits: q=+998... (with its +) finds no conversation by its phone (spec 4.8).',
    ...searchWithout(
      (c) => c.phone,
      (q) => q.startsWith('+'),
    ),
  },
  {
    name: 'q-skips-last-message',
    area: 'conversations',
    proves: ['conversations.q-last-message'],
    description: "q searches the client's name, handle and phone, not the text of the last message (spec 4.8).",
    ...searchWithout((c) => c.preview?.text ?? ''),
  },
  {
    name: 'recent-sort-oldest-first',
    area: 'conversations',
    proves: ['conversations.sort-recent'],
    description:
      'Each page of the conversation list is ordered by last_message_at ascending (oldest activity first), not latest first (spec 4.8).',
    operations: ['listConversations'],
    aroundHandler: async (next, context) =>
      context.input.query.sort === 'sla' ? next() : alterResult(await next(), (body) => ({ ...body, data: [...body.data].reverse() })),
  },
  {
    name: 'conversation-limit-ignored',
    area: 'conversations',
    proves: ['conversations.list-paging'],
    description: 'The conversation list ignores limit: every page holds up to the default 50 (spec 4.8).',
    ...misreadQuery('listConversations', (query) => void delete query.limit),
  },

  // --- 4.8 Counts ---------------------------------------------------------------------------
  {
    name: 'counts-total-for-all',
    area: 'conversations',
    proves: ['conversations.counts-shape'],
    description: 'The counts name the open conversations `total`, not `all` (spec 4.8: {all, mine, unassigned, waiting, unread}).',
    operations: ['getConversationCounts'],
    aroundHandler: async (next) => alterResult(await next(), ({ all, ...counts }) => ({ total: all, ...counts })),
  },
  {
    name: 'counts-all-as-unassigned',
    area: 'conversations',
    proves: ['conversations.counts-all'],
    description: '`all` is counted with the unassigned query (a copied line): an assigned conversation leaves `all` (spec 4.8).',
    operations: ['getConversationCounts'],
    aroundHandler: async (next) => alterResult(await next(), (counts) => ({ ...counts, all: counts.unassigned })),
  },
  {
    name: 'counts-waiting-never-counted',
    area: 'conversations',
    proves: ['conversations.counts-waiting'],
    description: '`waiting` stays 0 however many conversations are past their answer time (the SLA job never feeds the counts) (spec 4.8).',
    operations: ['getConversationCounts'],
    aroundHandler: async (next) => alterResult(await next(), (counts) => ({ ...counts, waiting: 0 })),
  },
  {
    name: 'counts-unread-mine-only',
    area: 'conversations',
    proves: ['conversations.counts-unread'],
    description:
      "`unread` counts only the open conversations with unread messages assigned to the caller (the personal inbox's count), not all of them (spec 4.8).",
    operations: ['getConversationCounts'],
    aroundHandler: async (next, context) => {
      const caller = context.caller!;
      const nowMs = caller.workspace.now();
      const mine = [...caller.workspace.tables.conversations.values()].filter(
        (c) => isEffectivelyOpen(c, nowMs) && c.unread_count > 0 && c.assignee_id !== null && c.assignee_id === caller.memberId,
      );
      return alterResult(await next(), (counts) => ({ ...counts, unread: mine.length }));
    },
  },

  // --- 4.8 Sending --------------------------------------------------------------------------
  {
    name: 'send-missing-text-names-body',
    area: 'conversations',
    proves: ['conversations.send-text-required-answer'],
    description:
      'A send without text is refused with 422 validation_failed naming `body` (the parent of the missing property), not `text` (spec 4.8).',
    wrap: onOperation('sendMessage', async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      if (!sent || typeof sent !== 'object' || 'text' in sent) return response;
      const body = response.status === 422 ? await jsonOf(response) : undefined;
      if (!body?.error?.fields || !('text' in body.error.fields)) return response;
      const { text, ...fields } = body.error.fields;
      return changed(response, { body: { error: { ...body.error, fields: { ...fields, body: text } } } });
    }),
  },
];
