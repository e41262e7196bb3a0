// Spec 4.2: the lead-contacts and lead-products routes. Their bodies are not shown: crmkit's
// inferred `{contact_id}` and `{product_id, quantity}` (the catalog gives each rule a reading).
// A contact added is listed and removed again; a product line is added, listed, changed and removed.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { createContact, createRecord, idsOf } from './lead-kit.ts';

export const leadSubRoutes: ActiveCheck = {
  kind: 'active',
  id: 'leads.sub-routes',
  family: 'leads',
  title: "a lead's additional contacts are added, listed and removed, and its product lines added, listed, changed and removed",
  spec: '4.2',
  basis: 'inferred',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    await judgeContacts(context, lead.id);
    await judgeProducts(context, lead.id);
  },
};

async function listed(context: CheckContext, path: string): Promise<string[]> {
  const answer = await context.client.send('GET', path);
  if (answer.status !== 200) context.fail(`GET ${path} answered ${answer.status}`, answer);
  return idsOf(answer);
}

async function judgeContacts(context: CheckContext, leadId: string): Promise<void> {
  const contact = await createContact(context, 'extra');
  const path = `/v1/leads/${leadId}/contacts`;
  const added = await context.client.send('POST', path, { body: { contact_id: contact.id } });
  context.judge('leads.contacts-add', added.status === 201 && added.json?.id === contact.id ? undefined : `adding a contact answered ${added.status} ${added.json?.id ?? added.json?.error?.code ?? ''}`, added);
  context.judge('leads.contacts-list', (await listed(context, path)).includes(contact.id) ? undefined : 'the contact added is not listed');
  const removed = await context.client.send('DELETE', `${path}/${contact.id}`);
  const after = await listed(context, path);
  context.judge('leads.contacts-remove', removed.status !== 200 ? `removing answered ${removed.status}` : after.includes(contact.id) ? 'the contact removed is still listed' : undefined, removed);
}

async function judgeProducts(context: CheckContext, leadId: string): Promise<void> {
  const product = await createRecord(context, '/v1/products', { name: `conformance ${context.runId} line` });
  const path = `/v1/leads/${leadId}/products`;
  const added = await context.client.send('POST', path, { body: { product_id: product.id, quantity: 2 } });
  const line = added.json;
  if (added.status !== 201 || !line?.id) context.fail(`adding a product line answered ${added.status}`, added, 'leads.products-add');
  context.judge('leads.products-add', line.quantity === 2 ? undefined : `the line added has quantity ${line.quantity}, not 2`, added);
  context.judge('leads.products-list', (await listed(context, path)).includes(line.id) ? undefined : 'the line added is not listed');
  const changed = await context.client.send('PATCH', `${path}/${line.id}`, { body: { quantity: 5 } });
  context.judge('leads.products-change', changed.status === 200 && changed.json.quantity === 5 ? undefined : `changing the quantity to 5 answered ${changed.status} quantity ${changed.json?.quantity}`, changed);
  const removed = await context.client.send('DELETE', `${path}/${line.id}`);
  const after = await listed(context, path);
  context.judge('leads.products-remove', removed.status !== 200 ? `removing answered ${removed.status}` : after.includes(line.id) ? 'the line removed is still listed' : undefined, removed);
}
