// What only the messenger knows, judged on a deployment from what its person handed over with the
// test conversation (inputs' conversation_client, edited_message_id, deleted_message_id): the
// client's name, handle and phone as the messenger shows them (spec 2.9), a message the client
// edited there with `edited_at` set, and one deleted there still in the history with `deleted_at`
// (spec 2.10). The spec gives no form for a handle or a phone: a handle is compared without its
// leading `@` and case (a messenger's own handles ignore both), a phone by its digits alone (a
// channel may hand it over without `+`, as Telegram's contact phone_number often is, and 2.9 does
// not normalize it as 2.4 does a contact's).
import type { ConversationClient, TestConversation } from '../../../harness/target.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { isTime, type RuleJudge } from '../../kits/conversations-kit.ts';
import { findInHistory } from '../../kits/test-conversation.ts';

/** Judges the conversation's client fields against the given client, and the given edited and deleted messages. */
export async function judgeGivenMessenger(context: CheckContext, judge: RuleJudge, given: TestConversation, read: Exchange): Promise<void> {
  if (given.client) judgeClient(judge, read, given.client);
  if (given.editedMessageId) {
    const { message, exchange, wholeHistory } = await findInHistory(context, given.id, given.editedMessageId);
    if (message || wholeHistory)
      judge.expect(
        'conversations.edited-at',
        Boolean(message) && isTime(message.edited_at),
        message
          ? `message ${message.id}, which the client edited in the messenger (edited_message_id), shows edited_at ${JSON.stringify(message.edited_at)}`
          : `message ${given.editedMessageId} (edited_message_id) is not in its conversation's messages`,
        exchange,
      );
  }
  if (given.deletedMessageId) {
    const { message, exchange, wholeHistory } = await findInHistory(context, given.id, given.deletedMessageId);
    if (message || wholeHistory)
      judge.expect(
        'conversations.deleted-at',
        Boolean(message) && isTime(message.deleted_at),
        message
          ? `message ${message.id}, deleted in the messenger (deleted_message_id), shows deleted_at ${JSON.stringify(message.deleted_at)}`
          : `message ${given.deletedMessageId}, deleted in the messenger (deleted_message_id), left the conversation's history`,
        exchange,
      );
  }
}

function judgeClient(judge: RuleJudge, read: Exchange, client: ConversationClient): void {
  const shown = read.json ?? {};
  const differs = clientDifferences(client, shown);
  judge.expect(
    'conversations.client-fields',
    !differs.length,
    `the messenger shows the client as ${JSON.stringify(client)} (conversation_client); the conversation shows ${differs.map((field) => `${field} ${JSON.stringify(shown[field])}`).join(', ')}`,
    read,
  );
}

/** The fields of the given client the conversation does not show as theirs. */
export function clientDifferences(client: ConversationClient, shown: Record<string, unknown>): (keyof ConversationClient)[] {
  return (['name', 'handle', 'phone'] as const).filter(
    (field) => client[field] !== undefined && !SAME[field](String(client[field]), shown[field]),
  );
}

const handleOf = (handle: string) => handle.trim().replace(/^@/, '').toLowerCase();

/** A phone's digits, without an international `00` prefix (`+998…` and `00998…` are one number). */
const phoneDigits = (phone: string) => phone.replace(/[^0-9]/g, '').replace(/^00/, '');

const SAME: Record<'name' | 'handle' | 'phone', (given: string, shown: unknown) => boolean> = {
  name: (given, shown) => typeof shown === 'string' && shown.trim() === given.trim(),
  handle: (given, shown) => typeof shown === 'string' && handleOf(shown) === handleOf(given),
  phone: (given, shown) => typeof shown === 'string' && phoneDigits(shown) === phoneDigits(given),
};
