// Spec 4.2: the lead-contacts and lead-products routes. Their bodies are not shown: crmkit's
// inferred `{contact_id}` and `{product_id, quantity}` (the catalog gives each rule a reading).
// A contact added is listed and removed again; a product line is added, listed, changed and removed,
// its money whole and in its product's currency, out of reach under another lead's path, and back
// with its lead when the lead is restored from the trash.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { createContact, createRecord, idsOf } from '../../kits/lead-kit.ts';

export const leadSubRoutes: ActiveCheck = {
  kind: 'active',
  id: 'leads.sub-routes',
  area: 'leads',
  title: "a lead's additional contacts are added, listed and removed, and its product lines added, listed, changed and removed",
  spec: '4.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    await judgeContacts(context, lead.id);
    await judgeProducts(context, lead);
  },
};

async function listed(context: CheckContext, list: 'listLeadContacts' | 'listLeadProducts', leadId: string): Promise<string[]> {
  const answer = await context.client.call(list, { path: { id: leadId } });
  if (answer.status !== 200) context.fail(`GET ${new URL(answer.request.url).pathname} answered ${answer.status}`, answer);
  return idsOf(answer);
}

async function judgeContacts(context: CheckContext, leadId: string): Promise<void> {
  const contact = await createContact(context, 'extra');
  const added = await context.client.call('addLeadContact', { path: { id: leadId }, body: { contact_id: contact.id } });
  context.judge(
    'leads.contacts-add',
    added.status === 201 && added.json?.id === contact.id
      ? undefined
      : `adding a contact answered ${added.status} ${added.json?.id ?? added.json?.error?.code ?? ''}`,
    added,
  );
  context.judge(
    'leads.contacts-list',
    (await listed(context, 'listLeadContacts', leadId)).includes(contact.id) ? undefined : 'the contact added is not listed',
  );
  const removed = await context.client.call('removeLeadContact', { path: { id: leadId, contactID: contact.id } });
  const after = await listed(context, 'listLeadContacts', leadId);
  context.judge(
    'leads.contacts-remove',
    removed.status !== 200
      ? `removing answered ${removed.status}`
      : after.includes(contact.id)
        ? 'the contact removed is still listed'
        : undefined,
    removed,
  );
}

async function judgeProducts(context: CheckContext, lead: any): Promise<void> {
  // A currency other than the lead's (the workspace's), so that a line labelled with the workspace's shows.
  const currency = lead.currency === 'USD' ? 'EUR' : 'USD';
  const product = await createRecord(context, '/v1/products', { name: `conformance ${context.runId} line`, price: 333, currency });
  const added = await context.client.call('addLeadProduct', { path: { id: lead.id }, body: { product_id: product.id, quantity: 2 } });
  const line = added.json;
  if (added.status !== 201 || !line?.id) context.fail(`adding a product line answered ${added.status}`, added, 'leads.products-add');
  context.judge('leads.products-add', line.quantity === 2 ? undefined : `the line added has quantity ${line.quantity}, not 2`, added);
  context.judge('leads.products-money', moneyProblem(line, currency), added);
  context.judge(
    'leads.products-list',
    (await listed(context, 'listLeadProducts', lead.id)).includes(line.id) ? undefined : 'the line added is not listed',
  );
  const changed = await context.client.call('updateLeadProduct', { path: { id: lead.id, itemID: line.id }, body: { quantity: 5 } });
  context.judge(
    'leads.products-change',
    changed.status === 200 && changed.json.quantity === 5
      ? undefined
      : `changing the quantity to 5 answered ${changed.status} quantity ${changed.json?.quantity}`,
    changed,
  );
  // A fractional quantity, where taken, still gives whole money: 1.5 × 333 is no amount (spec 2.1).
  const fractional = await context.client.call('updateLeadProduct', { path: { id: lead.id, itemID: line.id }, body: { quantity: 1.5 } });
  if (fractional.status === 200) context.judge('leads.products-money', moneyProblem(fractional.json, currency), fractional);
  await judgeOwnLead(context, line.id);
  await judgeRestoreKeepsLines(context, lead.id, line.id);
  const removed = await context.client.call('removeLeadProduct', { path: { id: lead.id, itemID: line.id } });
  const after = await listed(context, 'listLeadProducts', lead.id);
  context.judge(
    'leads.products-remove',
    removed.status !== 200
      ? `removing answered ${removed.status}`
      : after.includes(line.id)
        ? 'the line removed is still listed'
        : undefined,
    removed,
  );
}

/** Spec 2.1: money is an integer in the smallest unit next to its currency, here the product's. */
function moneyProblem(line: any, currency: string): string | undefined {
  if (!Number.isInteger(line?.price) || !Number.isInteger(line?.amount))
    return `the line's price ${line?.price} and amount ${line?.amount} are not both integers in the smallest unit`;
  return line.currency === currency ? undefined : `the line of a product priced in ${currency} says currency ${line.currency}`;
}

/** A line is reached under its own lead only: under another lead's path it is an unknown id. */
async function judgeOwnLead(context: CheckContext, lineId: string): Promise<void> {
  const other = await context.createLead();
  const answer = await context.client.call('updateLeadProduct', { path: { id: other.id, itemID: lineId }, body: { quantity: 3 } });
  context.judge(
    'leads.products-own-lead',
    answer.status === 404 ? undefined : `changing the line under another lead's path answered ${answer.status}, not 404`,
    answer,
  );
}

/** Spec 2.1: restore brings a deleted lead back, and its product lines with it. */
async function judgeRestoreKeepsLines(context: CheckContext, leadId: string, lineId: string): Promise<void> {
  const deleted = await context.client.call('deleteLead', { path: { id: leadId } });
  const restored = await context.client.call('restoreLead', { path: { id: leadId } });
  if (deleted.status !== 200 || restored.status !== 200)
    return context.skipRule('leads.restore-keeps-lines', `delete and restore answered ${deleted.status} and ${restored.status}`);
  const lines = await listed(context, 'listLeadProducts', leadId);
  context.judge(
    'leads.restore-keeps-lines',
    lines.includes(lineId) ? undefined : 'the lead restored from the trash has lost its product line',
  );
}
