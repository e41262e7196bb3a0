// Handlers of the conversation and message routes (spec 4.8), by operationId.
import type { TagHandlers } from '../../http/handler.ts';
import { recordContext, type RecordContext } from '../records/record-context.ts';
import { assign, reopen, resolve, snooze } from './conversation-states.ts';
import type { StoredConversation } from './conversation-record.ts';
import { findConversation, findMessage } from './find.ts';
import { countConversations, listConversations } from './list-conversations.ts';
import { listMessages } from './list-messages.ts';
import { presentConversation, presentMessage } from './present.ts';
import { retryMessage, sendMessage } from './send-message.ts';

const shown = (context: RecordContext, conversation: StoredConversation) => ({ body: presentConversation(context.tables, conversation) });

export const conversationsHandlers: TagHandlers<'Conversations'> = {
  async listConversations(handlerContext) {
    const context = recordContext(handlerContext);
    const page = await listConversations(context, handlerContext.input.query);
    return { body: { ...page, data: page.data.map((conversation) => presentConversation(context.tables, conversation)) } };
  },

  getConversationCounts(handlerContext) {
    return { body: countConversations(recordContext(handlerContext)) };
  },

  getConversation(handlerContext) {
    const context = recordContext(handlerContext);
    return shown(context, findConversation(context.tables, handlerContext.input.path.id));
  },

  async listMessages(handlerContext) {
    const context = recordContext(handlerContext);
    const page = await listMessages(context, findConversation(context.tables, handlerContext.input.path.id));
    return { body: { ...page, data: page.data.map(presentMessage) } };
  },

  async sendMessage(handlerContext) {
    const context = recordContext(handlerContext);
    const conversation = findConversation(context.tables, handlerContext.input.path.id);
    const { message, repeated } = await sendMessage(context, conversation, handlerContext.input.body);
    // The document answers a repeat of a `client_id` with 200: the stored message, not a new one.
    return { status: repeated ? 200 : 201, body: presentMessage(message) };
  },

  async retryMessage(handlerContext) {
    const context = recordContext(handlerContext);
    const message = findMessage(context.tables, handlerContext.input.path.id);
    return { body: presentMessage(await retryMessage(context, message)) };
  },

  async assignConversation(handlerContext) {
    const context = recordContext(handlerContext);
    const conversation = findConversation(context.tables, handlerContext.input.path.id);
    const { assignee_id } = handlerContext.input.body;
    return shown(context, await assign(context, conversation, assignee_id));
  },

  async resolveConversation(handlerContext) {
    const context = recordContext(handlerContext);
    return shown(context, await resolve(context, findConversation(context.tables, handlerContext.input.path.id)));
  },

  async reopenConversation(handlerContext) {
    const context = recordContext(handlerContext);
    return shown(context, await reopen(context, findConversation(context.tables, handlerContext.input.path.id)));
  },

  async snoozeConversation(handlerContext) {
    const context = recordContext(handlerContext);
    const conversation = findConversation(context.tables, handlerContext.input.path.id);
    return shown(context, await snooze(context, conversation, handlerContext.input.body.until));
  },
};
