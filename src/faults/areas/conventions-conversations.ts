// Mutants of the conventions as conversations show them (spec 2.1): ids, numbers
// and the fields every conversation and message carries.
import { changed, jsonOf, type Fault } from '../fault.ts';
import { onOperation, sentJson, withJson } from '../request-match.ts';
import { alterConversations } from '../conversation-requests.ts';

export const conventionsConversationsMutants: readonly Fault[] = [
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
];
