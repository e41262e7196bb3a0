// Spec 4.3 (with 2.1 and 2.4): PATCH of a contact. `phones`, `emails` and `tags` replace the
// whole list (phones in a local spelling and emails in capitals are normalized as on create);
// `null` clears `company_id` and `owner_id`; the contact shows its company as `{id, name}` and its
// owner; an unknown `company_id` is refused; `open_leads` counts the open leads that have it as
// contact (a won lead no longer counts). The company comes from the inferred company routes (spec
// 4.14 does not show them): without them the company rules are not judged. The owner is the first
// active member `GET /v1/members` lists (users:read). Last, a contact created with company_id,
// owner_id, preferred_language and tags shows them. The one tag used is `conformance` on every
// run: a tag name missing from the catalog is added to it (spec 4.4), and the catalog holds 200.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { createContact, randomSubscriber, token, validationProblem } from '../../kits/records-kit.ts';

const TAG = 'conformance';

export const contactChanges: ActiveCheck = {
  kind: 'active',
  id: 'contacts.contact-changes',
  area: 'contacts',
  title: 'a contact PATCH replaces phones, emails and tags, null clears company and owner, and open_leads counts its leads',
  spec: '2.4, 4.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const [kept, replaced, fresh] = [randomSubscriber(), randomSubscriber(), randomSubscriber()];
    const local = token(context, 'conf');
    const created = await createContact(context, {
      name: `conformance ${context.runId}`,
      phones: [`+99890${kept}`, `+99890${replaced}`],
      emails: [`${local}.a@example.com`, `${local}.b@example.com`],
      tags: [TAG],
    });
    const id = created.json.id;
    const lists = await context.client.call('updateContact', {
      path: { id },
      body: { phones: [`91 ${fresh.slice(0, 3)}-${fresh.slice(3, 5)}-${fresh.slice(5)}`], emails: [`${local}.C@Example.com`], tags: [] },
    });
    context.expectStatus(lists, 200);
    context.judge('contacts.patch-phones-replace', sameList(lists.json.phones, [`+99891${fresh}`]), lists);
    context.judge('contacts.patch-emails-replace', sameList(lists.json.emails, [`${local}.c@example.com`]), lists);
    context.judge(
      'contacts.patch-normalizes',
      lists.json.phones?.[0] === `+99891${fresh}` && lists.json.emails?.[0] === `${local}.c@example.com`
        ? undefined
        : `PATCH stored phones ${JSON.stringify(lists.json.phones)} and emails ${JSON.stringify(lists.json.emails)}, not normalized and lowercased`,
      lists,
    );
    context.judge('contacts.patch-tags-replace', sameList(lists.json.tags, []), lists);
    const company = await judgeCompany(context, id);
    const owner = await judgeOwner(context, id);
    await judgeOpenLeads(context, id);
    await judgeCreateFields(context, company, owner);
  },
};

/** Spec 4.3: create takes company_id, preferred_language, owner_id and tags besides names, phones and emails. */
async function judgeCreateFields(context: CheckContext, companyId: string | undefined, ownerId: string | undefined): Promise<void> {
  const body = {
    name: `conformance ${context.runId} full`,
    preferred_language: 'ru',
    tags: [TAG],
    ...(companyId ? { company_id: companyId } : {}),
    ...(ownerId ? { owner_id: ownerId } : {}),
  };
  const created = await createContact(context, body);
  const contact = created.json;
  // A tag is compared ignoring case: the catalog may already spell it its own way (spec 4.4).
  const differs = Object.entries(body).find(
    ([field, value]) =>
      JSON.stringify(field === 'tags' ? contact.tags?.map((name: string) => name.toLowerCase()) : contact[field]) !== JSON.stringify(value),
  );
  context.judge(
    'contacts.create-fields',
    differs && `created with ${differs[0]} ${JSON.stringify(differs[1])}, the contact shows ${JSON.stringify(contact[differs[0]])}`,
    created,
  );
}

function sameList(actual: unknown, expected: string[]): string | undefined {
  return JSON.stringify(actual) === JSON.stringify(expected)
    ? undefined
    : `the list is ${JSON.stringify(actual)} after PATCH sent ${JSON.stringify(expected)}`;
}

/** Judges the company rules; answers the company's id, when the inferred company routes made one. */
async function judgeCompany(context: CheckContext, contactId: string): Promise<string | undefined> {
  const company = await context.client.call('createCompany', { body: { name: `conformance ${context.runId} company` } });
  if (company.status !== 201) return undefined;
  context.cleanup(() => context.client.call('deleteCompany', { path: { id: company.json.id } }));
  const linked = await context.client.call('updateContact', { path: { id: contactId }, body: { company_id: company.json.id } });
  const shown = linked.json?.company;
  context.judge(
    'contacts.company-object',
    linked.status === 200 &&
      linked.json.company_id === company.json.id &&
      shown?.id === company.json.id &&
      shown?.name === company.json.name
      ? undefined
      : `company_id ${linked.json?.company_id} and company ${JSON.stringify(shown)} do not show the company set`,
    linked,
  );
  const unknown = await context.client.call('updateContact', { path: { id: contactId }, body: { company_id: `co_${'0'.repeat(26)}` } });
  const refused =
    validationProblem(unknown, 'company_id') === undefined || (unknown.status === 404 && unknown.json?.error?.code === 'not_found');
  context.judge(
    'contacts.company-must-exist',
    refused
      ? undefined
      : `an unknown company_id answered ${unknown.status} ${unknown.json?.error?.code ?? ''}, not 422 validation_failed or 404 not_found`,
    unknown,
  );
  const cleared = await context.client.call('updateContact', { path: { id: contactId }, body: { company_id: null } });
  context.judge(
    'contacts.patch-null-company',
    cleared.status === 200 && cleared.json.company_id === null && cleared.json.company === null
      ? undefined
      : `after company_id null: company_id ${cleared.json?.company_id}, company ${JSON.stringify(cleared.json?.company)}`,
    cleared,
  );
  return company.json.id;
}

/** Judges the owner rules; answers the member's id, when the key can list members. */
async function judgeOwner(context: CheckContext, contactId: string): Promise<string | undefined> {
  const members = await context.client.call('listMembers');
  const member = members.answer?.data?.find((candidate) => candidate.status === 'active');
  if (!member) return undefined;
  const owned = await context.client.call('updateContact', { path: { id: contactId }, body: { owner_id: member.id } });
  context.judge(
    'contacts.owner-object',
    owned.status === 200 &&
      owned.json.owner_id === member.id &&
      owned.json.owner?.id === member.id &&
      owned.json.owner?.name === member.name
      ? undefined
      : `owner_id ${owned.json?.owner_id} and owner ${JSON.stringify(owned.json?.owner)} do not show member ${member.id}`,
    owned,
  );
  const cleared = await context.client.call('updateContact', { path: { id: contactId }, body: { owner_id: null } });
  context.judge(
    'contacts.patch-null-owner',
    cleared.status === 200 && cleared.json.owner_id === null && cleared.json.owner === null
      ? undefined
      : `after owner_id null: owner_id ${cleared.json?.owner_id}, owner ${JSON.stringify(cleared.json?.owner)}`,
    cleared,
  );
  return member.id;
}

/** One open lead counts; once won (when the inferred pipelines route shows a won stage) it no longer does. */
async function judgeOpenLeads(context: CheckContext, contactId: string): Promise<void> {
  const lead = await context.createLead({ contact_id: contactId });
  const read = await context.client.call('getContact', { path: { id: contactId } });
  if (read.status !== 200 || read.json.open_leads !== 1)
    return context.judge('contacts.open-leads', `a contact with one open lead reads open_leads ${read.json?.open_leads}, not 1`, read);
  const pipelines = await context.client.call('listPipelines');
  const pipeline = pipelines.answer?.data?.find((candidate) => candidate.id === lead.pipeline_id);
  const won = pipeline?.stages?.find((stage) => stage.type === 'won');
  if (!won) return context.judge('contacts.open-leads', undefined, read);
  const moved = await context.client.call('updateLead', { path: { id: lead.id }, body: { stage_id: won.id } });
  if (moved.status !== 200) return context.judge('contacts.open-leads', undefined, read);
  const after = await context.client.call('getContact', { path: { id: contactId } });
  context.judge(
    'contacts.open-leads',
    after.status === 200 && after.json.open_leads === 0
      ? undefined
      : `once its only lead is won, the contact reads open_leads ${after.json?.open_leads}, not 0`,
    after,
  );
}
