// Spec 4.3 (with 2.1): the contact list. Newest first; `q` searches names, phones and emails;
// `company` keeps the contacts of one company; a deleted contact leaves the list (the company's
// too) and reads 410
// `gone`, and `POST .../restore` brings it back. Lists are scoped to this run's records by a
// search word of the run's own, since the workspace holds other contacts. The phone is searched
// in the form the contact shows it (+998...), the email whole.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { createContact, idsOf, randomSubscriber, token } from '../../kits/records-kit.ts';

export const contactList: ActiveCheck = {
  kind: 'active',
  id: 'contacts.contact-list',
  area: 'contacts',
  title:
    'contacts list newest first, q finds names, phones and emails, company filters, and delete and restore move a contact out and back',
  spec: '2.1, 4.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const word = token(context, 'conf');
    const phone = `+99890${randomSubscriber()}`;
    const email = `${token(context, 'mail')}@example.com`;
    const first = (await createContact(context, { name: `${word} first` })).json;
    const byPhone = (await createContact(context, { name: `conformance ${context.runId} phone`, phones: [phone] })).json;
    const byEmail = (await createContact(context, { name: `conformance ${context.runId} email`, emails: [email] })).json;
    const second = (await createContact(context, { name: `${word} second` })).json;

    const named = await context.client.call('listContacts', { query: { q: word } });
    context.expectStatus(named, 200);
    const namedIds = idsOf(named);
    context.judge(
      'contacts.q-name',
      namedIds.includes(first.id) && namedIds.includes(second.id) && !namedIds.includes(byPhone.id)
        ? undefined
        : `q=${word} found ${JSON.stringify(namedIds)}, not the two contacts named with it`,
      named,
    );
    context.judge(
      'contacts.list-newest-first',
      namedIds.indexOf(second.id) >= 0 && namedIds.indexOf(second.id) < namedIds.indexOf(first.id)
        ? undefined
        : `the contact created later is not listed first: ${JSON.stringify(namedIds)}`,
      named,
    );
    const phoned = await context.client.call('listContacts', { query: { q: phone } });
    context.judge(
      'contacts.q-phones',
      idsOf(phoned).includes(byPhone.id) && !idsOf(phoned).includes(byEmail.id)
        ? undefined
        : `q=${phone} did not find the contact with that phone: ${JSON.stringify(idsOf(phoned))}`,
      phoned,
    );
    const mailed = await context.client.call('listContacts', { query: { q: email } });
    context.judge(
      'contacts.q-emails',
      idsOf(mailed).includes(byEmail.id) && !idsOf(mailed).includes(byPhone.id)
        ? undefined
        : `q=${email} did not find the contact with that email: ${JSON.stringify(idsOf(mailed))}`,
      mailed,
    );

    const companyId = await judgeCompanyFilter(context, first.id, second.id);
    await judgeTrash(context, word, second.id, companyId);
  },
};

/** The company made for the filter, or undefined when none could be made. */
async function judgeCompanyFilter(context: CheckContext, inCompanyId: string, otherId: string): Promise<string | undefined> {
  const company = await context.client.call('createCompany', { body: { name: `conformance ${context.runId} filter` } });
  if (company.status !== 201) return undefined;
  context.cleanup(() => context.client.call('deleteCompany', { path: { id: company.json.id } }));
  await context.client.call('updateContact', { path: { id: inCompanyId }, body: { company_id: company.json.id } });
  const filtered = await context.client.call('listContacts', { query: { company: company.json.id } });
  const ids = idsOf(filtered);
  context.judge(
    'contacts.list-company',
    filtered.status === 200 && ids.includes(inCompanyId) && !ids.includes(otherId)
      ? undefined
      : `company=${company.json.id} listed ${JSON.stringify(ids)}, not just its contact`,
    filtered,
  );
  return company.json.id;
}

/** The contact is deleted while in the company (when there is one): it leaves the filtered list too. */
async function judgeTrash(context: CheckContext, word: string, id: string, companyId: string | undefined): Promise<void> {
  if (companyId) await context.client.call('updateContact', { path: { id }, body: { company_id: companyId } });
  const deleted = await context.client.call('deleteContact', { path: { id } });
  const read = await context.client.call('getContact', { path: { id } });
  const listed = await context.client.call('listContacts', { query: { q: word } });
  const ofCompany = companyId ? await context.client.call('listContacts', { query: { company: companyId } }) : undefined;
  const trashProblem =
    deleted.status !== 200
      ? `DELETE answered ${deleted.status}`
      : read.status !== 410 || read.json?.error?.code !== 'gone'
        ? `a deleted contact reads ${read.status} ${read.json?.error?.code ?? ''}, not 410 gone`
        : idsOf(listed).includes(id)
          ? 'a deleted contact is still listed'
          : ofCompany && idsOf(ofCompany).includes(id)
            ? "a deleted contact is still listed among its company's contacts"
            : undefined;
  context.judge(
    'contacts.delete-to-trash',
    trashProblem,
    trashProblem?.includes('listed among') ? ofCompany : trashProblem?.startsWith('a deleted contact is') ? listed : read,
  );
  const restored = await context.client.call('restoreContact', { path: { id } });
  const back = await context.client.call('listContacts', { query: { q: word } });
  const restoreProblem =
    restored.status >= 300
      ? `restore answered ${restored.status}`
      : !idsOf(back).includes(id)
        ? 'a restored contact is not listed again'
        : undefined;
  context.judge('contacts.restore', restoreProblem, restoreProblem?.startsWith('restore') ? restored : back);
}
