// Companies (spec 1, 2.1, 2.2; routes not shown, spec 4.14: inferred like contacts, spec 4.3).
// Spec 2.1 states that a deleted company goes to the trash, reads 410 `gone` and comes back by
// `POST /v1/companies/{id}/restore`, and 2.1 and 2.2 give it a `co_` id and a record number. The
// rest (create, read, PATCH, the list newest first with `q`) rests on the inferred routes: each
// assertion on them is inferred (their operations are x-inferred, and the rules carry readings), so
// against a deployment crmkit did not build those failures warn.
import type { ActiveCheck } from '../../check.ts';
import { createRecord, idsOf, token } from '../../kits/records-kit.ts';

export const companies: ActiveCheck = {
  kind: 'active',
  id: 'contacts.companies',
  area: 'contacts',
  title: 'companies are created with a co_ id and number, read, changed by PATCH, listed newest first, deleted to the trash and restored',
  spec: '2.1, 2.2, 4.14',
  basis: 'documented',
  writes: true,
  async run(context) {
    const word = token(context, 'conf');
    const first = await createRecord(context, 'companies', { name: `${word} first` }, 'companies.create');
    const second = await createRecord(context, 'companies', { name: `${word} second` }, 'companies.create');
    const company = second.json;
    context.judge(
      'companies.create',
      /^co_[0-9a-z]{26}$/.test(company.id) && Number.isInteger(company.number) && company.name === `${word} second`
        ? undefined
        : `created company has id ${company.id}, number ${company.number}, name ${company.name}`,
      second,
    );
    const read = await context.client.call('getCompany', { path: { id: company.id } });
    context.judge(
      'companies.read',
      read.status === 200 && read.json.id === company.id && read.json.number === company.number
        ? undefined
        : `GET of the company answered ${read.status} ${read.json?.id ?? ''}`,
      read,
    );
    const patched = await context.client.call('updateCompany', { path: { id: company.id }, body: { name: `${word} renamed` } });
    context.judge(
      'companies.patch',
      patched.status === 200 && patched.json.name === `${word} renamed` && patched.json.number === company.number
        ? undefined
        : `PATCH name answered ${patched.status} with name ${patched.json?.name}`,
      patched,
    );
    const listed = await context.client.call('listCompanies', { query: { q: word } });
    const ids = idsOf(listed);
    context.judge(
      'companies.list-newest-first',
      ids.includes(first.json.id) && ids.indexOf(company.id) >= 0 && ids.indexOf(company.id) < ids.indexOf(first.json.id)
        ? undefined
        : `q=${word} lists ${JSON.stringify(ids)}: not both companies, newest first`,
      listed,
    );

    const deleted = await context.client.call('deleteCompany', { path: { id: company.id } });
    const gone = await context.client.call('getCompany', { path: { id: company.id } });
    const afterDelete = await context.client.call('listCompanies', { query: { q: word } });
    context.judge(
      'companies.delete-to-trash',
      deleted.status !== 200
        ? `DELETE answered ${deleted.status}`
        : gone.status !== 410 || gone.json?.error?.code !== 'gone'
          ? `a deleted company reads ${gone.status}, not 410 gone`
          : idsOf(afterDelete).includes(company.id)
            ? 'a deleted company is still listed'
            : undefined,
      gone,
    );
    const restored = await context.client.call('restoreCompany', { path: { id: company.id } });
    const back = await context.client.call('getCompany', { path: { id: company.id } });
    context.judge(
      'companies.restore',
      restored.status < 300 && back.status === 200 && back.json.number === company.number
        ? undefined
        : `restore answered ${restored.status}; the company then reads ${back.status} with number ${back.json?.number}`,
      back,
    );
  },
};
