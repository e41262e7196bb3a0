// Spec 2.10: what happens in the messenger shows on the messages. A message the client edited has
// `edited_at` and the new `text`; in `telegram_business` chats so has an outgoing one the account
// owner edited; a message deleted there stays in history with `deleted_at`; a message the owner
// wrote from their own messenger app is `external`, `author_type` member without `author_id`, in
// status `sent` (and messages sent through the service are not external). Only a messenger does
// these things: the mock's control API stands in for it, and a deployment skips.
import type { ActiveCheck } from '../../check.ts';
import {
  SENDS_REACH_CLIENTS,
  clientWritesIn,
  clockForward,
  isTime,
  mockOnly,
  newChannel,
  newClient,
  readMessage,
  readMessages,
  withFrozenClock,
} from '../../kits/conversations-kit.ts';
import { controlCall } from '../../mock-control.ts';

export const messengerChanges: ActiveCheck = {
  kind: 'active',
  id: 'conversations.messenger-changes',
  area: 'conversations',
  title: "edits, deletions and the owner's own messages in the messenger show as edited_at, deleted_at and external messages",
  spec: '2.10',
  basis: 'documented',
  writes: true,
  async run(context) {
    const workspaceId = mockOnly(context, `${SENDS_REACH_CLIENTS}; only a messenger edits or deletes a message`);
    await withFrozenClock(context, async () => {
      const control = `/_mock/workspaces/${workspaceId}`;
      const business = await newChannel(context, 'telegram_business');
      const written = await clientWritesIn(context, business.id, newClient(context, 'messenger'), 'I want the blue one.');
      const conversationId = written.conversation_id;

      await controlCall(context, 'POST', `${control}/messages/${written.message_id}/edit`, { text: 'I want the green one.' });
      const edited = await readMessage(context, conversationId, written.message_id);
      const editShown = isTime(edited.message.edited_at) && edited.message.text === 'I want the green one.';
      context.judge(
        'conversations.edited-at',
        !editShown &&
          `a message the client edited shows edited_at ${edited.message.edited_at} and text ${JSON.stringify(edited.message.text)}`,
        edited.exchange,
      );

      const sent = await context.client.call('sendMessage', { path: { id: conversationId }, body: { text: 'Green it is, 2 days.' } });
      context.expectStatus(sent, 201);
      await clockForward(context, 1.2);
      await controlCall(context, 'POST', `${control}/messages/${sent.json.id}/edit`, { text: 'Green it is, 3 days.' });
      const ownerEdited = await readMessage(context, conversationId, sent.json.id);
      const ownerEditShown = isTime(ownerEdited.message.edited_at) && ownerEdited.message.text === 'Green it is, 3 days.';
      context.judge(
        'conversations.owner-edit-business',
        !ownerEditShown &&
          `an outgoing message the owner edited shows edited_at ${ownerEdited.message.edited_at} and text ${JSON.stringify(ownerEdited.message.text)}`,
        ownerEdited.exchange,
      );

      await controlCall(context, 'POST', `${control}/messages/${written.message_id}/delete`);
      const afterDelete = await readMessages(context, conversationId);
      const deleted = afterDelete.json.data.find((message: { id: string }) => message.id === written.message_id);
      context.judge(
        'conversations.deleted-at',
        !isTime(deleted?.deleted_at) &&
          (deleted
            ? `a message deleted in the messenger shows deleted_at ${deleted.deleted_at}`
            : 'a message deleted in the messenger left the history'),
        afterDelete,
      );

      const external = await controlCall(context, 'POST', `${control}/conversations/${conversationId}/external`, {
        text: 'I will bring it myself.',
      });
      const { message, exchange } = await readMessage(context, conversationId, external.message_id);
      const externalShown =
        message.external === true &&
        message.author_type === 'member' &&
        message.author_id === null &&
        message.status === 'sent' &&
        message.direction === 'out';
      context.judge(
        'conversations.external-message',
        !externalShown &&
          `the owner's own message shows external ${message.external}, author_type ${message.author_type}, author_id ${message.author_id}, status ${message.status}`,
        exchange,
      );
      context.judge(
        'conversations.external-message',
        ownerEdited.message.external !== false && `a message sent through the service shows external ${ownerEdited.message.external}`,
        ownerEdited.exchange,
      );
    });
  },
};
