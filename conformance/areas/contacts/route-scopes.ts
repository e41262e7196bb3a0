// Spec 4.3, 4.6, 4.7, 4.9 and 5.1: the scopes of the records routes. Contacts need contacts:read
// and contacts:write, products products:read and products:write, members and teams users:read
// (members answer `missing_scope` with `scope: users:read`), custom fields no scope at all, and a
// contact's `company_id` needs companies:read. The limited key is asked for its scopes
// (`GET /v1/api-keys/whoami`), and only the routes whose scope it lacks are judged (a `:write`
// scope may include its `:read`, spec 5.1, so a key with either is not used for reads). The
// company rule and a key with no scope at all come from a mock's control API.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { createContact, createRecord, missingScopeProblem, mockKey } from '../../kits/records-kit.ts';

export const routeScopes: ActiveCheck = {
  kind: 'active',
  id: 'contacts.route-scopes',
  area: 'contacts',
  title: 'contacts, products, members and teams need their scopes, custom fields none, and company_id needs companies:read',
  spec: '4.3, 4.6, 4.7, 4.9, 5.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    const key = context.target.limitedKey ?? context.skip('needs --limited-key: a key without some scopes');
    const whoami = await context.client.call('getWhoami', { key });
    context.expectStatus(whoami, 200);
    const scopes: string[] = whoami.json.scopes ?? [];
    const lacks = (area: string) => !scopes.includes(`${area}:read`) && !scopes.includes(`${area}:write`);
    if (lacks('contacts')) await judgeContacts(context, key);
    if (lacks('products')) await judgeProducts(context, key);
    if (!scopes.includes('users:read')) {
      const members = await context.client.call('listMembers', { key });
      context.judge('members.missing-scope', missingScopeProblem(members, 'users:read'), members);
      const teams = await context.client.call('listTeams', { key });
      context.judge('teams.scope', missingScopeProblem(teams, 'users:read'), teams);
    }
    await judgeFields(context, key);
    if (context.target.mock) await judgeCompanyScope(context);
  },
};

async function judgeContacts(context: CheckContext, key: string): Promise<void> {
  const contact = (await createContact(context)).json;
  const reads = [
    await context.client.call('listContacts', { key }),
    await context.client.call('getContact', { path: { id: contact.id }, key }),
  ];
  judgeAll(context, 'contacts.read-scope', reads, 'contacts:read');
  const created = await context.client.call('createContact', { key, body: { name: `conformance ${context.runId}` } });
  if (created.status === 201) context.cleanup(() => context.client.call('deleteContact', { path: { id: created.json.id } }));
  const writes = [
    created,
    await context.client.call('updateContact', { path: { id: contact.id }, key, body: { name: `conformance ${context.runId}` } }),
    await context.client.call('deleteContact', { path: { id: contact.id }, key }),
    await context.client.call('restoreContact', { path: { id: contact.id }, key }),
  ];
  judgeAll(context, 'contacts.write-scope', writes, 'contacts:write');
}

async function judgeProducts(context: CheckContext, key: string): Promise<void> {
  const product = (await createRecord(context, 'products', { name: `conformance ${context.runId}`, price: 100, currency: 'UZS' })).json;
  const reads = [
    await context.client.call('listProducts', { key }),
    await context.client.call('getProduct', { path: { id: product.id }, key }),
  ];
  judgeAll(context, 'products.read-scope', reads, 'products:read');
  const created = await context.client.call('createProduct', { key, body: { name: `conformance ${context.runId}` } });
  if (created.status === 201) context.cleanup(() => context.client.call('deleteProduct', { path: { id: created.json.id } }));
  const writes = [
    created,
    await context.client.call('updateProduct', { path: { id: product.id }, key, body: { name: `conformance ${context.runId}` } }),
    await context.client.call('deleteProduct', { path: { id: product.id }, key }),
  ];
  judgeAll(context, 'products.write-scope', writes, 'products:write');
}

/** Spec 4.9: `GET /v1/fields` needs no scope; on a mock also with a key that has none. */
async function judgeFields(context: CheckContext, key: string): Promise<void> {
  const keys = [key];
  if (context.target.mock) keys.push(await mockKey(context, [], 'a key with no scope'));
  const answers: Exchange[] = [];
  for (const each of keys)
    answers.push(
      await context.client.call('listFields', { key: each }),
      await context.client.call('listFields', { query: { entity: 'contact' }, key: each }),
    );
  const refused = answers.find((answer) => answer.status !== 200);
  context.judge(
    'fields.no-scope',
    refused &&
      `GET ${refused.request.url} answered ${refused.status} ${refused.json?.error?.code ?? ''} to a key without the records' scopes`,
    refused ?? answers[0],
  );
}

/** Spec 4.3: a contact with `company_id` needs companies:read besides contacts:write. */
async function judgeCompanyScope(context: CheckContext): Promise<void> {
  const company = await createRecord(context, 'companies', { name: `conformance ${context.runId}` });
  const key = await mockKey(context, ['contacts:read', 'contacts:write'], 'a key without companies:read');
  const created = await context.client.call('createContact', {
    key,
    body: { name: `conformance ${context.runId}`, company_id: company.json.id },
  });
  if (created.status === 201) context.cleanup(() => context.client.call('deleteContact', { path: { id: created.json.id } }));
  context.judge('contacts.company-needs-companies-read', missingScopeProblem(created, 'companies:read'), created);
}

function judgeAll(context: CheckContext, rule: string, answers: Exchange[], scope: string): void {
  const problems = answers.map((answer) => ({ answer, problem: missingScopeProblem(answer, scope) }));
  const broken = problems.find((entry) => entry.problem);
  context.judge(
    rule,
    broken && `${broken.answer.request.method} ${new URL(broken.answer.request.url).pathname}: ${broken.problem}`,
    broken?.answer ?? answers[0],
  );
}
