import { loadDocument } from '../../../src/spec/document.ts';
import { propertyLimit } from '../../../src/spec/schema-enum.ts';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { RECORD_OPERATIONS } from '../../kits/record-operations.ts';

const document = loadDocument('crm');
const MAX_PRODUCT_LINES = propertyLimit(document, 'LeadProductList', 'data', 'maxItems');
const MAX_EXTRA_CONTACTS = propertyLimit(document, 'LeadContactList', 'data', 'maxItems');
/** Spec 7.3 lets `limit_reached` be any of these. */
const LIMIT_STATUSES = [403, 409, 422];

export const leadLimits: ActiveCheck = {
  kind: 'active',
  id: 'leads.lead-limits',
  area: 'leads',
  title: `a lead takes ${MAX_PRODUCT_LINES} product lines and ${MAX_EXTRA_CONTACTS} more contacts; one more of either answers limit_reached`,
  spec: '4.2, 7.3, 8',
  // The limits and the code are the spec's; the bodies of the lead-products and lead-contacts routes are not shown.
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    const product = await created(context, 'products', { name: `conformance ${context.runId}` });
    const addLine = () => context.client.call('addLeadProduct', { path: { id: lead.id }, body: { product_id: product.id, quantity: 1 } });
    await fillUp(context, MAX_PRODUCT_LINES, addLine, 'product line');

    const contacts: { id: string }[] = [];
    for (let i = 0; i <= MAX_EXTRA_CONTACTS; i++)
      contacts.push(await created(context, 'contacts', { name: `conformance ${context.runId} ${i}` }));
    const addContact = () => context.client.call('addLeadContact', { path: { id: lead.id }, body: { contact_id: contacts.shift()!.id } });
    await fillUp(context, MAX_EXTRA_CONTACTS, addContact, 'extra contact');
  },
};

/** A record of `collection`, deleted at the end of the run. */
async function created(context: CheckContext, collection: 'contacts' | 'products', body: Record<string, unknown>): Promise<any> {
  const operations = RECORD_OPERATIONS[collection];
  const answer = await context.client.call(operations.create, { body });
  context.expectStatus(answer, 201);
  context.cleanup(() => context.client.call(operations.remove, { path: { id: answer.json.id } }));
  return answer.json;
}

/** `add` succeeds `limit` times, and the next one answers limit_reached naming the limit. */
async function fillUp(context: CheckContext, limit: number, add: () => Promise<Exchange>, what: string): Promise<void> {
  for (let i = 1; i <= limit; i++) {
    const answer = await add();
    if (answer.status !== 201) context.fail(`${what} ${i} of ${limit} answered ${answer.status}`, answer);
  }
  const over = await add();
  context.expectError(over, LIMIT_STATUSES, 'limit_reached');
  if (over.json.error.limit !== limit) context.fail(`limit_reached names limit ${over.json.error.limit}, not ${limit}`, over);
}
