// Demo conversations: clients writing on every channel type, some answered by the team; the
// replies then walk to delivered and read as the workspace clock moves on. Each conversation and
// each answer comes a few minutes after the one before (a fixed step, so the faker's draws do not
// change), as a live workspace's do: the list's order, last times and previews differ between
// conversations, and a reply is later than the client's message (spec 2.9, 4.8).
import type { Faker } from '@faker-js/faker';
import { setChannelOutcome } from '../resources/conversations/channel-outcome.ts';
import { receiveInbound } from '../resources/conversations/inbound.ts';
import { sendMessage } from '../resources/conversations/send-message.ts';
import type { RecordContext } from '../resources/records/record-context.ts';
import type { StoredContact } from '../resources/contacts/contact-record.ts';

const GREETINGS = [
  'Assalomu alaykum! Narxi qancha?',
  'Здравствуйте, есть в наличии?',
  'Hello, can you deliver tomorrow?',
  'Yetkazib berish bormi?',
  'Добрый день, хочу оформить заказ',
];
const REPLIES = ['Assalomu alaykum! Ha, bor.', 'Здравствуйте! Да, есть.', 'Hello! Yes, we can.'];
const MINUTE_MS = 60_000;

export async function seedConversations(context: RecordContext, faker: Faker, contacts: readonly StoredContact[]): Promise<void> {
  for (const channel of context.tables.channels.values()) {
    for (let i = 0; i < 3; i++) {
      const contact = faker.helpers.arrayElement(contacts);
      const handle =
        channel.type === 'email'
          ? (contact.emails[0] ?? `${contact.number}@mail.example`)
          : `@${contact.name.split(' ')[0]!.toLowerCase()}${contact.number}`;
      const text = faker.helpers.arrayElement(GREETINGS);
      await context.workspace.clock.advance(5 * MINUTE_MS);
      const { conversation } = await inTransaction(context, () =>
        receiveInbound(context, channel, { text, name: contact.name, handle, phone: contact.phones[0] }),
      );
      if (!faker.datatype.boolean(0.6)) continue;
      const reply = faker.helpers.arrayElement(REPLIES);
      await context.workspace.clock.advance(2 * MINUTE_MS);
      await inTransaction(context, () => sendMessage(context, conversation, { text: reply }));
    }
  }
  await visitorWritesIn(context);
}

/** A website visitor who is no contact yet (no phone, no handle) writes in on the web chat: a conversation with no contact and no lead (spec 2.9: null), whose answer failed. */
async function visitorWritesIn(context: RecordContext): Promise<void> {
  const webchat = [...context.tables.channels.values()].find((channel) => channel.type === 'webchat');
  if (!webchat) return;
  await context.workspace.clock.advance(5 * MINUTE_MS);
  const { conversation } = await inTransaction(context, () =>
    receiveInbound(context, webchat, { text: 'Hello, is anyone there?', name: 'Website visitor', handle: '' }),
  );
  // The answer comes after the visitor closed the page: the web chat refuses it (a failed message and its error, spec 2.10).
  await context.workspace.clock.advance(2 * MINUTE_MS);
  await inTransaction(context, async () => {
    await setChannelOutcome(context.tables, webchat.id, { status: 'failed', error: 'The visitor has left the chat.' });
    await sendMessage(context, conversation, { text: 'Hello! How can we help?' });
    await setChannelOutcome(context.tables, webchat.id, {});
  });
}

const inTransaction = <T>(context: RecordContext, work: () => Promise<T>): Promise<T> => context.workspace.transactions.run(work);
