// Spec 2.4 and 4.3: what a created contact holds. A contact created without a name is named after
// its first phone (or, without phones, its first email); `phone` and `phones` may both be sent and
// `phone` goes first (the same for emails); phones are normalized to `+` and digits, local
// spellings with spaces, dashes or a leading 8 becoming `+998...`; emails are lowercased;
// `preferred_language` is `uz-Latn`, `uz-Cyrl`, `ru`, `en` or empty (a PATCH with `""` empties
// it). Phones are random so that no other record's phone gets in the way; the name is compared to the first email ignoring case,
// since the spec does not say whether the name copies it before or after lowercasing.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { createContact, firstProblem, isTime, randomSubscriber, validationProblem } from '../../kits/records-kit.ts';

const LANGUAGES = ['uz-Latn', 'uz-Cyrl', 'ru', 'en'] as const;

export const contactValues: ActiveCheck = {
  kind: 'active',
  id: 'contacts.contact-values',
  area: 'contacts',
  title: 'a created contact is named after its first phone or email, with phone first, phones in +998 form, emails lowercased',
  spec: '2.4, 4.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    await judgePhonesAndName(context);
    await judgeEmailsAndName(context);
    await judgeLanguages(context);
  },
};

async function judgePhonesAndName(context: CheckContext): Promise<void> {
  const [first, second, third, fourth] = [randomSubscriber(), randomSubscriber(), randomSubscriber(), randomSubscriber()];
  // The fourth is written with its + and the spaces and dashes people type: it too becomes + and digits.
  const created = await createContact(context, {
    phone: `8 90 ${first.slice(0, 3)}-${first.slice(3, 5)}-${first.slice(5)}`,
    phones: [
      `91-${second.slice(0, 3)}-${second.slice(3, 5)}-${second.slice(5)}`,
      `93 ${third.slice(0, 3)} ${third.slice(3, 5)} ${third.slice(5)}`,
      `+998 94 ${fourth.slice(0, 3)}-${fourth.slice(3, 5)}-${fourth.slice(5)}`,
    ],
  });
  const contact = created.json;
  const phones: unknown[] = Array.isArray(contact.phones) ? contact.phones : [];
  context.judge('contacts.fields', shapeProblem(contact), created);
  context.judge(
    'contacts.phones-international',
    phones.every((phone) => typeof phone === 'string' && /^\+\d{7,15}$/.test(phone))
      ? undefined
      : `phones are not + and digits: ${JSON.stringify(phones)}`,
    created,
  );
  context.judge(
    'contacts.phones-leading-8',
    phones.includes(`+99890${first}`) ? undefined : `8 90 ${first} did not become +99890${first}: ${JSON.stringify(phones)}`,
    created,
  );
  context.judge(
    'contacts.phones-spaces-dashes',
    phones.includes(`+99891${second}`) && phones.includes(`+99893${third}`) && phones.includes(`+99894${fourth}`)
      ? undefined
      : `spellings with dashes or spaces (one with its +) did not become +99891${second}, +99893${third} and +99894${fourth}: ${JSON.stringify(phones)}`,
    created,
  );
  context.judge(
    'contacts.phone-goes-first',
    phones.length === 4 && phones[0] === `+99890${first}`
      ? undefined
      : `phone and phones gave ${JSON.stringify(phones)}, not phone first then phones`,
    created,
  );
  context.judge(
    'contacts.name-from-phone',
    contact.name === phones[0]
      ? undefined
      : `a contact created without a name is named ${JSON.stringify(contact.name)}, not after its first phone ${phones[0]}`,
    created,
  );
  context.judge(
    'contacts.preferred-language-empty',
    contact.preferred_language === ''
      ? undefined
      : `preferred_language of a contact created without one is ${JSON.stringify(contact.preferred_language)}, not empty`,
    created,
  );
  context.judge(
    'contacts.open-leads-zero',
    contact.open_leads === 0 ? undefined : `a new contact has open_leads ${contact.open_leads}, not 0`,
    created,
  );
}

async function judgeEmailsAndName(context: CheckContext): Promise<void> {
  const local = `conf.${context.runId.toLowerCase().replace(/[^a-z0-9]/g, '')}.${randomSubscriber()}`;
  const created = await createContact(context, { email: `${local}.First@Example.COM`, emails: [`${local}.Second@EXAMPLE.com`] });
  const contact = created.json;
  const emails: unknown[] = Array.isArray(contact.emails) ? contact.emails : [];
  const expected = [`${local}.first@example.com`, `${local}.second@example.com`];
  context.judge(
    'contacts.emails-lowercased',
    emails.every((email) => typeof email === 'string' && email === email.toLowerCase()) && expected.every((email) => emails.includes(email))
      ? undefined
      : `emails are not lowercased: ${JSON.stringify(emails)}`,
    created,
  );
  context.judge(
    'contacts.email-goes-first',
    emails.length === 2 && String(emails[0]).toLowerCase() === expected[0]
      ? undefined
      : `email and emails gave ${JSON.stringify(emails)}, not email first then emails`,
    created,
  );
  context.judge(
    'contacts.name-from-email',
    typeof contact.name === 'string' && contact.name.toLowerCase() === expected[0]
      ? undefined
      : `a contact created with only emails is named ${JSON.stringify(contact.name)}, not after its first email`,
    created,
  );
}

async function judgeLanguages(context: CheckContext): Promise<void> {
  const created = await createContact(context, { preferred_language: 'uz-Cyrl' });
  const id = created.json.id;
  const problems: string[] = [];
  if (created.json.preferred_language !== 'uz-Cyrl')
    problems.push(`create with uz-Cyrl gave ${JSON.stringify(created.json.preferred_language)}`);
  for (const language of LANGUAGES) {
    const changed = await context.client.call('updateContact', { path: { id }, body: { preferred_language: language } });
    if (changed.status !== 200 || changed.json?.preferred_language !== language)
      problems.push(`PATCH to ${language} answered ${changed.status} with ${JSON.stringify(changed.json?.preferred_language)}`);
  }
  context.judge('contacts.preferred-language-values', problems[0], created);
  // send, not call: de is a language the document does not list, sent on purpose.
  const refused = await context.client.send('PATCH', `/v1/contacts/${id}`, { body: { preferred_language: 'de' } });
  context.judge('contacts.preferred-language-other-refused', validationProblem(refused, 'preferred_language'), refused);
  const emptied = await context.client.call('updateContact', { path: { id }, body: { preferred_language: '' } });
  context.judge(
    'contacts.preferred-language-cleared',
    emptied.status === 200 && emptied.json.preferred_language === ''
      ? undefined
      : `PATCH to "" answered ${emptied.status} with ${JSON.stringify(emptied.json?.preferred_language ?? emptied.json?.error?.code)}`,
    emptied,
  );
}

/** The fields of spec 2.4 with their types. */
function shapeProblem(contact: any): string | undefined {
  return firstProblem(
    !/^ct_[0-9a-z]{26}$/.test(contact.id) && `id ${contact.id} is not ct_ and 26 letters or digits`,
    !Number.isInteger(contact.number) && `number ${contact.number} is not an integer`,
    typeof contact.name !== 'string' && 'name is not a string',
    !Array.isArray(contact.phones) && 'phones is not an array',
    !Array.isArray(contact.emails) && 'emails is not an array',
    !('company_id' in contact && 'company' in contact) && 'company_id or company is missing',
    !('owner_id' in contact && 'owner' in contact) && 'owner_id or owner is missing',
    typeof contact.preferred_language !== 'string' && 'preferred_language is not a string',
    (typeof contact.custom !== 'object' || contact.custom === null || Array.isArray(contact.custom)) && 'custom is not an object',
    !Array.isArray(contact.tags) && 'tags is not an array',
    !Number.isInteger(contact.open_leads) && `open_leads ${contact.open_leads} is not an integer`,
    !(isTime(contact.created_at) && isTime(contact.updated_at)) && 'created_at or updated_at is not a time',
  );
}
