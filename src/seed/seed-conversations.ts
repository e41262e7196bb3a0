// Demo conversations: clients writing on every channel type, some answered by the team; the
// replies then walk to delivered and read as the workspace clock moves on.
import type { Faker } from '@faker-js/faker';
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

export async function seedConversations(context: RecordContext, faker: Faker, contacts: readonly StoredContact[]): Promise<void> {
  for (const channel of context.tables.channels.values()) {
    for (let i = 0; i < 3; i++) {
      const contact = faker.helpers.arrayElement(contacts);
      const handle =
        channel.type === 'email'
          ? (contact.emails[0] ?? `${contact.number}@mail.example`)
          : `@${contact.name.split(' ')[0]!.toLowerCase()}${contact.number}`;
      const { conversation } = await receiveInbound(context, channel, {
        text: faker.helpers.arrayElement(GREETINGS),
        name: contact.name,
        handle,
        phone: contact.phones[0],
      });
      if (faker.datatype.boolean(0.6)) await sendMessage(context, conversation, { text: faker.helpers.arrayElement(REPLIES) });
    }
  }
}
