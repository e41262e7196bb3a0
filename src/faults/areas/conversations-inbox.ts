// Mutants of conversations (spec 2.9, 3 Conversation, 4.8): assign, resolve, reopen, snooze,
// the inbox lists and what a conversation answers.
import { errorDocsUrl } from '../../errors/docs-url.ts';
import { presentConversation } from '../../resources/conversations/present.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { MockState } from '../../mock-state.ts';
import { ApiError } from '../../errors/api-error.ts';
import { callerOf } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { queryOf, requestTo } from '../addresses.ts';
import { alterOk, callerWorkspace, offsetDropped, onOperation, sentJson, withJson, withQuery } from '../request-match.ts';
import { MANAGE_ACTIONS, alterConversations, conversationRead, DAY_MS, MANAGE, CONVERSATION_ANSWERS } from '../conversation-requests.ts';

/** For snooze-never-wakes and wake-up-polled-every-5-minutes: the conversations snoozed through the API and their until, per mock. */
const snoozedThroughApi = (state: MockState, fault: string) => faultMemory(state, fault, () => new Map<string, string>());

/** The conversation list's query changed by `alter`. */
const onConversationList = (alter: (query: URLSearchParams) => void) =>
  onOperation('listConversations', (next, request, info) => next(withQuery(request, alter), info));

/** The manage action an operation names, if it is a manage route. */
const actionOf = (operationId: OperationId): string | undefined => (MANAGE_ACTIONS as Partial<Record<OperationId, string>>)[operationId];

export const conversationsInboxMutants: readonly Fault[] = [
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
