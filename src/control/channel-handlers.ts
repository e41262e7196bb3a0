// /_mock/workspaces/{ws}/{channels,conversations,messages}/...: what clients and messengers do
// (openapi/control/channels.yaml). Each runs as one transaction of the workspace, acting as the
// `system`, like a request of the API.
import { ApiError } from '../errors/api-error.ts';
import type { HandlerMap } from '../http/handler.ts';
import { channelOutcome, setChannelOutcome, type ChannelOutcomeChange } from '../resources/conversations/channel-outcome.ts';
import { findChannel, findConversation, findMessage } from '../resources/conversations/find.ts';
import { receiveInbound, type Inbound } from '../resources/conversations/inbound.ts';
import { deleteInMessenger, editInMessenger, externalMessage } from '../resources/conversations/messenger-actions.ts';
import { presentConversation, presentMessage } from '../resources/conversations/present.ts';
import { systemContext } from '../resources/records/record-context.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

type Text = { text: string };

export const channelHandlers: HandlerMap = {
  async receiveInboundMessage({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const { conversation, message } = await workspace.transactions.run(() => {
      const context = systemContext(state, workspace);
      return receiveInbound(context, findChannel(context.tables, input.path.channel_id!), input.body as Inbound);
    });
    return { status: 201, body: { conversation_id: conversation.id, message_id: message.id } };
  },

  getChannelOutcome({ state, input }) {
    const { tables } = workspaceOf(state, input.path.ws);
    return { body: channelOutcome(tables, findChannel(tables, input.path.channel_id!).id) };
  },

  async setChannelOutcome({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const change = input.body as ChannelOutcomeChange;
    const outcome = await workspace.transactions.run(() => {
      const channel = findChannel(workspace.tables, input.path.channel_id!);
      if (change.replies_allowed !== undefined && channel.type !== 'telegram_business') {
        throw new ApiError('validation_failed', {
          fields: { replies_allowed: 'only telegram_business channels ask the owner to let the bot reply' },
        });
      }
      if (change.status !== 'failed' && (change.error !== undefined || change.failed_from !== undefined)) {
        throw new ApiError('validation_failed', {
          fields: { [change.error !== undefined ? 'error' : 'failed_from']: 'only with status failed' },
        });
      }
      return setChannelOutcome(workspace.tables, channel.id, change);
    });
    return { body: outcome };
  },

  async setDoNotContact({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const { do_not_contact } = input.body as { do_not_contact: boolean };
    const conversation = await workspace.transactions.run(() => {
      const { id } = findConversation(workspace.tables, input.path.conversation_id!);
      return workspace.tables.conversations.update(id, (draft) => void (draft.do_not_contact = do_not_contact));
    });
    return { body: presentConversation(workspace.tables, conversation) };
  },

  async receiveExternalMessage({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const message = await workspace.transactions.run(() => {
      const context = systemContext(state, workspace);
      return externalMessage(context, findConversation(context.tables, input.path.conversation_id!), (input.body as Text).text);
    });
    return { status: 201, body: { conversation_id: message.conversation_id, message_id: message.id } };
  },

  async editMessageInMessenger({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const message = await workspace.transactions.run(() => {
      const context = systemContext(state, workspace);
      return editInMessenger(context, findMessage(context.tables, input.path.message_id!), (input.body as Text).text);
    });
    return { body: presentMessage(message) };
  },

  async deleteMessageInMessenger({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const message = await workspace.transactions.run(() => {
      const context = systemContext(state, workspace);
      return deleteInMessenger(context, findMessage(context.tables, input.path.message_id!));
    });
    return { body: presentMessage(message) };
  },
};
