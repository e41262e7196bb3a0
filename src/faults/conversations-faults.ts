// Faults in the conversations rules (spec 2.9, 2.10, 3, 4.8): each breaks one rule the way a real
// implementation might, and a check of the conversations family must catch it
// (test/conformance/mutation.test.ts).
import { presentMessage } from '../resources/conversations/present.ts';
import { normalizeId } from '../store/ids.ts';
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { alterOk, offsetDropped, onListQuery, onRoute, overTheEdge, probe, sentJson, withJson } from './request-match.ts';
import { retryAsOwner } from './owner-key.ts';

const CONVERSATION_ANSWER = /^\/v1\/conversations(\/[a-z]+_[0-9a-z]{26}(\/(assign|resolve|reopen|snooze))?)?$/;
const SEND = /^\/v1\/conversations\/([a-z]+_[0-9a-z]{26})\/messages$/;
const MANAGE = /^\/v1\/conversations\/[a-z]+_[0-9a-z]{26}\/(assign|resolve|reopen|snooze)$/;
const DAY_MS = 86_400_000;

const pathOf = (request: Request) => new URL(request.url).pathname;

/** For snooze-never-wakes: the conversations snoozed through the API and their until, per mock, until a later manage call. */
const snoozedThroughApi = new WeakMap<MockState, Map<string, string>>();

/** The workspace of the request's credential. */
function workspaceOf(state: MockState, request: Request): Workspace | undefined {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return secret ? state.findCredential(secret)?.workspace : undefined;
}

/** Changes every conversation a successful answer shows (a list, a read, a manage route's answer). */
function alterConversations(alter: (conversation: any) => any) {
  return (next: Handle): Handle =>
    async (request, info) => {
      const response = await next(request, info);
      if (!response.ok || !CONVERSATION_ANSWER.test(pathOf(request)) || pathOf(request) === '/v1/conversations/counts') return response;
      const body = await jsonOf(response);
      if (!body) return response;
      return changed(response, { body: Array.isArray(body.data) ? { ...body, data: body.data.map(alter) } : alter(body) });
    };
}

/** Changes the messages a successful messages list shows. */
function alterMessageList(alter: (messages: any[]) => any[]) {
  return (next: Handle): Handle =>
    async (request, info) => {
      const response = await next(request, info);
      if (!response.ok || request.method !== 'GET' || !SEND.test(pathOf(request))) return response;
      const body = await jsonOf(response);
      return changed(response, { body: { ...body, data: alter(body.data) } });
    };
}

const MESSAGES = /^\/v1\/conversations\/[a-z]+_[0-9a-z]{26}\/messages$/;

export const conversationsFaults: Fault[] = [
  {
    name: 'channel-summary-without-status',
    family: 'conversations',
    description: "A conversation's channel summary shows {id, type, name} and leaves out the channel's status.",
    wrap: alterConversations(({ channel: { status: _dropped, ...channel }, ...conversation }) => ({ ...conversation, channel })),
  },
  {
    name: 'unread-count-always-zero',
    family: 'conversations',
    description: 'Conversations show unread_count 0 however many client messages are unread.',
    wrap: alterConversations((conversation) => ({ ...conversation, unread_count: 0 })),
  },
  {
    name: 'answer-keeps-sla',
    family: 'conversations',
    description: "sla_due_at is worked out from the client's last message alone, so an answer does not end the wait: it stays 15 minutes after last_inbound_at.",
    wrap: alterConversations((conversation) => {
      if (conversation.status === 'resolved' || conversation.last_inbound_at === null) return conversation;
      return { ...conversation, sla_due_at: conversation.sla_due_at ?? new Date(Date.parse(conversation.last_inbound_at) + 15 * 60_000).toISOString() };
    }),
  },
  {
    name: 'message-text-limit-4000',
    family: 'conversations',
    description: 'A message text over 4000 characters (not 4096) answers 422 validation_failed.',
    wrap: (next) => async (request, info) => {
      if (request.method !== 'POST' || !SEND.test(pathOf(request))) return next(request, info);
      const sent = await request.clone().json().catch(() => undefined);
      if (typeof sent?.text !== 'string' || sent.text.length <= 4000 || sent.text.length > 4096) return next(request, info);
      // The mock's own refusal of a text over its limit: the answer has the real error's shape and request id.
      return next(new Request(request, { body: JSON.stringify({ ...sent, text: 'x'.repeat(4097) }) }), info);
    },
  },
  {
    name: 'client-id-not-idempotent',
    family: 'conversations',
    description: 'Sending again with a client_id already used queues a second message instead of returning the first.',
    wrap: (next) => async (request, info) => {
      const copy = request.clone();
      const response = await next(request, info);
      if (response.status !== 200 || copy.method !== 'POST' || !SEND.test(pathOf(copy))) return response;
      const { client_id: clientId, ...sent } = await copy.json();
      const again = await next(new Request(copy, { body: JSON.stringify(sent) }), info);
      return again.status === 201 ? changed(again, { body: { ...(await jsonOf(again)), client_id: clientId } }) : again;
    },
  },
  {
    name: 'failed-without-error',
    family: 'conversations',
    description: "Failed messages show error null: the channel's reason is not kept.",
    wrap: alterMessageList((messages) => messages.map((message) => (message.status === 'failed' ? { ...message, error: null } : message))),
  },
  {
    name: 'retry-requeues-any-message',
    family: 'conversations',
    description: 'A retry of a message that is not failed queues it again (200) instead of answering 409 not_failed.',
    wrap: (next, state) =>
      onErrorCode('not_failed', (response, _body, request) => {
        const id = normalizeId(/^\/v1\/messages\/([^/]+)\/retry$/.exec(pathOf(request))?.[1] ?? '');
        const message = workspaceOf(state, request)?.tables.messages.get(id);
        return message ? changed(response, { status: 200, body: { ...presentMessage(message), status: 'queued', error: null } }) : response;
      })(next),
  },
  {
    name: 'opted-out-sent-anyway',
    family: 'conversations',
    description: 'A message to a client who opted out is sent without force instead of answering 409 opted_out.',
    wrap: (next) =>
      onErrorCode('opted_out', async (_response, _body, request) => {
        const sent = await request.clone().json();
        return next(new Request(request, { body: JSON.stringify({ ...sent, force: true }) }));
      })(next),
  },
  {
    name: 'whatsapp-window-refused-at-once',
    family: 'conversations',
    description: "A whatsapp message more than 24 hours after the client's last message is refused at once (422) instead of being queued and failing later with the reason.",
    wrap: (next, state) => async (request, info) => {
      const id = request.method === 'POST' ? SEND.exec(pathOf(request))?.[1] : undefined;
      const workspace = id ? workspaceOf(state, request) : undefined;
      const conversation = workspace?.tables.conversations.get(normalizeId(id!));
      const channel = conversation && workspace!.tables.channels.get(conversation.channel_id);
      const lastInbound = conversation?.last_inbound_at ? Date.parse(conversation.last_inbound_at) : null;
      if (channel?.type !== 'whatsapp' || (lastInbound !== null && workspace!.clock.now() - lastInbound <= DAY_MS)) return next(request, info);
      // The mock's own refusal of a text over its limit, told as the channel's rule instead.
      const refused = await next(new Request(request, { body: JSON.stringify({ text: 'x'.repeat(4097) }) }), info);
      const body = await jsonOf(refused);
      return changed(refused, { body: { error: { ...body.error, fields: { text: 'free-form messages are allowed only within 24 hours of the client\'s last message' } } } });
    },
  },
  {
    name: 'deleted-messages-hidden',
    family: 'conversations',
    description: 'Messages deleted in the messenger disappear from the messages list instead of staying in history marked with deleted_at.',
    wrap: alterMessageList((messages) => messages.filter((message) => message.deleted_at === null)),
  },
  {
    name: 'unassign-ignored',
    family: 'conversations',
    description: 'Assign with assignee_id null is read as "no change" (PATCH-style), so the conversation keeps its assignee.',
    wrap: (next) => async (request, info) => {
      if (request.method !== 'POST' || !pathOf(request).endsWith('/assign') || !MANAGE.test(pathOf(request))) return next(request, info);
      const sent = await request.clone().json().catch(() => undefined);
      if (sent?.assignee_id !== null) return next(request, info);
      const url = new URL(request.url);
      url.pathname = url.pathname.replace(/\/assign$/, '');
      return next(new Request(url, { headers: request.headers }), info);
    },
  },
  {
    name: 'snooze-clamped-to-90-days',
    family: 'conversations',
    description: 'A snooze more than 90 days ahead is clamped to 90 days instead of answering 422 validation_failed.',
    wrap: (next, state) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        if (!pathOf(request).endsWith('/snooze') || !body.error.fields?.until) return response;
        const workspace = workspaceOf(state, request);
        const until = Date.parse((await request.clone().json()).until);
        if (!workspace || !(until > workspace.clock.now())) return response;
        const clamped = new Date(workspace.clock.now() + 90 * DAY_MS - 60_000).toISOString();
        return next(new Request(request, { body: JSON.stringify({ until: clamped }) }));
      })(next),
  },
  {
    name: 'unassigned-filter-ignored',
    family: 'conversations',
    description: 'The conversation list ignores unassigned=true and lists assigned conversations too.',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || url.pathname !== '/v1/conversations' || !url.searchParams.has('unassigned')) return next(request, info);
      url.searchParams.delete('unassigned');
      return next(new Request(url, { headers: request.headers }), info);
    },
  },
  {
    name: 'counts-ignore-assignment',
    family: 'conversations',
    description: 'The counts read the assignee from the wrong column: mine is always 0 and unassigned equals all.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      if (!response.ok || pathOf(request) !== '/v1/conversations/counts') return response;
      const counts = await jsonOf(response);
      return changed(response, { body: { ...counts, mine: 0, unassigned: counts.all } });
    },
  },
  {
    name: 'manage-without-messages-read',
    family: 'conversations',
    description: 'The manage routes (assign, resolve, reopen, snooze) check conversations:manage only, letting through a key without messages:read.',
    wrap: (next, state) =>
      onErrorCode('missing_scope', async (response, body, request) => {
        if (body.error.scope !== 'messages:read' || !MANAGE.test(pathOf(request))) return response;
        return retryAsOwner(state, next, request, response);
      })(next),
  },
  {
    name: 'business-bot-permission-ignored',
    family: 'conversations',
    description: "telegram_business replies are sent although the account owner did not allow the bot to reply: the service never reads the owner's permission.",
    wrap: (next, state) => async (request, info) => {
      const id = request.method === 'POST' ? SEND.exec(pathOf(request))?.[1] : undefined;
      const workspace = id ? workspaceOf(state, request) : undefined;
      const conversation = workspace?.tables.conversations.get(normalizeId(id!));
      const channel = conversation && workspace!.tables.channels.get(conversation.channel_id);
      if (channel?.type === 'telegram_business' && workspace!.tables.channelOutcomes.get(channel.id)?.replies_allowed === false) {
        await workspace!.transactions.run(async () => void (await workspace!.tables.channelOutcomes.update(channel.id, (draft) => void (draft.replies_allowed = true))));
      }
      return next(request, info);
    },
  },
  {
    name: 'force-ignored',
    family: 'conversations',
    description: 'A message to a client who opted out answers 409 opted_out even with force true.',
    wrap: (next) => async (request, info) => {
      if (request.method !== 'POST' || !SEND.test(pathOf(request))) return next(request, info);
      const sent = await request.clone().json().catch(() => undefined);
      if (sent?.force !== true) return next(request, info);
      const { force: _ignored, ...unforced } = sent;
      return next(new Request(request, { body: JSON.stringify(unforced) }), info);
    },
  },
  {
    name: 'retry-sends-nothing',
    family: 'conversations',
    description: 'A retry of a failed message answers 200 with the message back in queued, but nothing is sent again: it stays failed.',
    wrap: (next, state) => async (request, info) => {
      const id = request.method === 'POST' ? /^\/v1\/messages\/([^/]+)\/retry$/.exec(pathOf(request))?.[1] : undefined;
      const message = id ? workspaceOf(state, request)?.tables.messages.get(normalizeId(id)) : undefined;
      if (message?.status !== 'failed') return next(request, info);
      const response = await next(new Request(new URL(`/v1/conversations/${message.conversation_id}`, request.url), { headers: request.headers }), info);
      return changed(response, { status: 200, body: { ...presentMessage(message), status: 'queued', error: null } });
    },
  },
  {
    name: 'resolved-in-default-list',
    family: 'conversations',
    description: 'The conversation list without status lists every conversation, resolved ones too, instead of the open ones.',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || url.pathname !== '/v1/conversations' || url.searchParams.has('status')) return next(request, info);
      url.searchParams.set('status', 'all');
      return next(new Request(url, { headers: request.headers }), info);
    },
  },
  {
    name: 'sla-sort-ignored',
    family: 'conversations',
    description: 'The conversation list ignores sort=sla and always lists the most recent activity first.',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || url.pathname !== '/v1/conversations' || url.searchParams.get('sort') !== 'sla') return next(request, info);
      url.searchParams.delete('sort');
      return next(new Request(url, { headers: request.headers }), info);
    },
  },
  {
    name: 'resolve-only-open',
    family: 'conversations',
    description: 'Resolve accepts only open conversations: a snoozed one answers 409 instead of being resolved (the spec gives every operation From any).',
    wrap: (next, state) => async (request, info) => {
      const id = request.method === 'POST' ? /^\/v1\/conversations\/([^/]+)\/resolve$/.exec(pathOf(request))?.[1] : undefined;
      const conversation = id ? workspaceOf(state, request)?.tables.conversations.get(normalizeId(id)) : undefined;
      if (conversation?.status !== 'snoozed') return next(request, info);
      const read = await next(new Request(new URL(`/v1/conversations/${conversation.id}`, request.url), { headers: request.headers }), info);
      const requestId = read.headers.get('x-request-id');
      return changed(read, { status: 409, body: { error: { code: 'invalid_state', message: 'Only open conversations can be resolved.', request_id: requestId, docs_url: 'https://docs.crm.example/errors/invalid_state' } } });
    },
  },
  {
    name: 'snooze-never-wakes',
    family: 'conversations',
    description: 'The wake-up job never runs: a snoozed conversation still reads snoozed after its until time, until someone reopens it.',
    wrap: (next, state) => {
      // Faults are wrapped anew for each request: what they remember lives with the mock's state.
      const snoozed = snoozedThroughApi.get(state) ?? snoozedThroughApi.set(state, new Map()).get(state)!;
      return async (request, info) => {
        const response = await next(request, info);
        const [, id, action] = /^\/v1\/conversations\/([^/]+)(?:\/(assign|resolve|reopen|snooze))?$/.exec(pathOf(request)) ?? [];
        if (!id || !response.ok) return response;
        const body = await jsonOf(response);
        if (action === 'snooze') snoozed.set(body.id, body.snoozed_until);
        else if (action && action !== 'assign') snoozed.delete(body.id);
        const until = snoozed.get(body.id);
        if (request.method !== 'GET' || !until || body.status !== 'open') return response;
        return changed(response, { body: { ...body, status: 'snoozed', snoozed_until: until } });
      };
    },
  },
  {
    name: 'opt-out-across-channels',
    family: 'conversations',
    description: "An opt-out is kept on the client, not on the channel: a client who opted out on one channel answers 409 opted_out on every other.",
    wrap: (next, state) => async (request, info) => {
      const id = request.method === 'POST' ? SEND.exec(pathOf(request))?.[1] : undefined;
      const workspace = id ? workspaceOf(state, request) : undefined;
      const conversation = workspace?.tables.conversations.get(normalizeId(id!));
      if (!conversation || conversation.do_not_contact) return next(request, info);
      const sameClient = (other: typeof conversation) => other.id !== conversation.id && other.do_not_contact && ((conversation.handle !== '' && other.handle === conversation.handle) || (conversation.phone !== '' && other.phone === conversation.phone));
      const sent = await request.clone().json().catch(() => undefined);
      if (sent?.force === true || ![...workspace!.tables.conversations.values()].some(sameClient)) return next(request, info);
      const read = await next(new Request(new URL(`/v1/conversations/${conversation.id}`, request.url), { headers: request.headers }), info);
      const error = { code: 'opted_out', message: 'The client opted out.', request_id: read.headers.get('x-request-id'), docs_url: 'https://docs.crm.example/errors/opted_out' };
      return changed(read, { status: 409, body: { error } });
    },
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'assign-reopens-conversation',
    family: 'conversations',
    description: 'Assigning a resolved or snoozed conversation reopens it, where assign leaves the status unchanged (spec 3, conversation).',
    wrap: (next) => async (request, info) => {
      const path = new URL(request.url).pathname;
      const response = await next(request, info);
      if (request.method !== 'POST' || !/^\/v1\/conversations\/[^/]+\/assign$/.test(path) || !response.ok) return response;
      const body = await jsonOf(response);
      if (body?.status !== 'resolved' && body?.status !== 'snoozed') return response;
      const reopen = new Request(new URL(path.replace(/\/assign$/, '/reopen'), request.url), { method: 'POST', headers: { authorization: request.headers.get('authorization') ?? '' } });
      const reopened = await jsonOf(await next(reopen, info));
      return reopened?.status ? changed(response, { body: reopened }) : response;
    },
  },
  {
    name: 'message-answered-sent',
    family: 'conversations',
    description: 'Sending a message answers 201 with status sent (what the channel reported at once) instead of queued (spec 3, message; 4.8).',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      if (request.method !== 'POST' || !/^\/v1\/conversations\/[^/]+\/messages$/.test(new URL(request.url).pathname) || response.status !== 201) return response;
      return alterOk(response, (body) => (body.status === 'queued' ? { ...body, status: 'sent' } : body));
    },
  },
  {
    name: 'retry-not-failed-as-422',
    family: 'conversations',
    description: 'A retry of a message that is not failed answers 422 not_failed instead of 409 (spec 3, 4.8, 7.3).',
    wrap: onErrorCode('not_failed', (response) => changed(response, { status: 422 })),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'messages-oldest-first',
    family: 'conversations',
    description: "A conversation's messages are listed oldest first (chat order) instead of newest first (spec 4.8).",
    wrap: onRoute('GET', MESSAGES, async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      return Array.isArray(body?.data) ? changed(response, { body: { ...body, data: [...body.data].reverse() } }) : response;
    }),
  },
  {
    name: 'snooze-until-offset-dropped',
    family: 'conversations',
    description: "A conversation snooze's until is read as a UTC clock reading: 18:00+05:00 snoozes until 18:00Z, five hours late (spec 4.8: a timestamp with offset).",
    wrap: onRoute('POST', /^\/v1\/conversations\/[^/]+\/snooze$/, async (next, request, info) => {
      const sent = await sentJson(request);
      return next(typeof sent?.until === 'string' ? withJson(request, { ...sent, until: offsetDropped(sent.until) }) : request, info);
    }),
  },
  {
    name: 'client-id-dedup-includes-text',
    family: 'conversations',
    description: 'Message idempotency is keyed on client_id and the text together: sending again with the same client_id and another text sends a second message instead of returning the first (spec 4.8, 9).',
    wrap: onRoute('POST', MESSAGES, async (next, request, info) => {
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
    family: 'conversations',
    description: 'A message client_id of exactly 64 characters is refused with 422 (the column holds 63 and a terminator) where up to 64 are allowed (spec 2.10, 8).',
    wrap: overTheEdge('POST', MESSAGES, (sent) => (typeof sent.client_id === 'string' && sent.client_id.length === 64 ? { ...sent, client_id: `${sent.client_id}x` } : undefined)),
  },
  {
    name: 'message-retry-with-read-scope',
    family: 'conversations',
    description: 'Retrying a failed message is filed with the read routes: a key with messages:read and without messages:send retries (re-sends) messages instead of 403 missing_scope (spec 4.8).',
    wrap: (next, state) =>
      onRoute('POST', /^\/v1\/messages\/[^/]+\/retry$/, async (next, request, info) => {
        const response = await next(request, info);
        const body = response.status === 403 ? await jsonOf(response) : undefined;
        if (body?.error?.code !== 'missing_scope') return response;
        const readProbe = await next(probe(request, '/v1/conversations?limit=1'), info);
        return readProbe.ok ? retryAsOwner(state, next, request, response) : response;
      })(next),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'conversations-needs-reply-ignored',
    family: 'conversations',
    description: 'The needs_reply filter of the conversation list is not read: conversations whose last message is the team\'s own are listed too (spec 4.8: needs_reply keeps those waiting for an answer).',
    wrap: onListQuery(/^\/v1\/conversations$/, (query) => query.delete('needs_reply')),
  },
];
