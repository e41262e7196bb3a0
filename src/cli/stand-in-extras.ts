// Inputs a QA engineer prepares in a deployment's web app for the rules that need a record of a
// kind the workspace's own may not hold, made for the stand-in (`crmkit mock --stand-in`) through
// the store: a form without consent text and without allowed websites (spec 2.14: its
// configuration shows `consent: ""`), and a test client's conversation the suite may write to,
// with a message the client edited and one deleted in the messenger (spec 2.10; 4.8 has no route
// to edit or delete one, so a person does it in the messenger).
import type { ConversationClient } from '../../harness/target.ts';
import type { MockState } from '../mock-state.ts';
import { findMessage } from '../resources/conversations/find.ts';
import { receiveInbound } from '../resources/conversations/inbound.ts';
import { deleteInMessenger, editInMessenger } from '../resources/conversations/messenger-actions.ts';
import { systemContext } from '../resources/records/record-context.ts';
import { STARTER_FORM } from '../resources/starter-content.ts';
import { addForm } from '../resources/workspace-content.ts';
import type { Form } from '../resources/forms/form-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';

/** The starter form with every language's consent text empty and no allowed websites (any page may embed it). */
export function addOpenForm(workspace: Workspace): Promise<Form> {
  const texts = Object.fromEntries(Object.entries(STARTER_FORM.texts).map(([lang, text]) => [lang, { ...text, consent: '' }]));
  return addForm(workspace, { ...STARTER_FORM, name: 'QA open form', texts, allowed_origins: [] });
}

/** The test client as their messenger shows them (the phone written as a person reads it; the mock keeps it as +998901234567). */
const TEST_CLIENT = { name: 'QA test client', handle: '@qa_test_client', phone: '+998 90 123 45 67' } satisfies ConversationClient;

export type TestConversationInputs = {
  conversation_id: string;
  edited_message_id: string;
  deleted_message_id: string;
  conversation_client: ConversationClient;
};

/**
 * The test client writes three messages on the workspace's `telegram_business` channel (where a
 * message can be deleted in the messenger, spec 2.10), edits the second and deletes the third.
 */
export async function addTestConversation(state: MockState, workspace: Workspace): Promise<TestConversationInputs> {
  const channel = [...workspace.tables.channels.values()].find((candidate) => candidate.type === 'telegram_business');
  if (!channel) throw new Error(`workspace ${workspace.id} has no telegram_business channel for the test conversation`);
  return workspace.transactions.run(async () => {
    const context = systemContext(state, workspace);
    const write = (text: string) => receiveInbound(context, channel, { ...TEST_CLIENT, text });
    const { conversation } = await write('Hello, is the grey sofa in stock?');
    const { message: edited } = await write('I can come on Tuesday.');
    await editInMessenger(context, findMessage(context.tables, edited.id), 'I can come on Wednesday.');
    const { message: deleted } = await write('Sorry, wrong chat.');
    await deleteInMessenger(context, findMessage(context.tables, deleted.id));
    return {
      conversation_id: conversation.id,
      edited_message_id: edited.id,
      deleted_message_id: deleted.id,
      conversation_client: TEST_CLIENT,
    };
  });
}
