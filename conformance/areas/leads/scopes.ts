// Spec 4.2 (the scope of each route) and 4.2 "Create lead" (`contact` also needs contacts:write):
// a key with leads:read alone reads every lead route and is refused every write with 403
// missing_scope naming leads:write. The `--limited-key` must hold leads:read and not leads:write;
// the contacts:write rule needs a key with leads:write and without contacts:write, made on a mock.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { controlCall, mockWorkspaceId } from '../../mock-control.ts';
import { createContact, createRecord, deleteLater } from '../../kits/lead-kit.ts';

export const leadScopes: ActiveCheck = {
  kind: 'active',
  id: 'leads.scopes',
  area: 'leads',
  title:
    'a leads:read key reads every lead route and is refused every write with missing_scope leads:write; a contact created with a lead needs contacts:write',
  spec: '4.2, 5.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    const key = context.target.limitedKey ?? context.skip('needs --limited-key: a key with leads:read and without leads:write');
    const whoami = await context.client.call('getWhoami', { key });
    const scopes: string[] = whoami.json?.scopes ?? [];
    if (!scopes.includes('leads:read') || scopes.includes('leads:write'))
      context.skip(`the limited key holds ${scopes.join(', ')}, not leads:read without leads:write`);
    const lead = await context.createLead();
    const contact = await createContact(context, 'scoped');
    const product = await createRecord(context, '/v1/products', { name: `conformance ${context.runId} scoped` });
    const line = await context.client.call('addLeadProduct', { path: { id: lead.id }, body: { product_id: product.id, quantity: 1 } });
    context.expectStatus(line, 201);
    await judgeReads(context, key, lead.id);
    await judgeWrites(context, key, lead.id, contact.id, { productId: product.id, lineId: line.json.id });
    if (context.target.mock) await judgeContactScope(context);
  },
};

async function judgeReads(context: CheckContext, key: string, leadId: string): Promise<void> {
  const lead = { id: leadId };
  const reads = [
    () => context.client.call('listLeads', { key }),
    () => context.client.call('getLeadBoard', { key }),
    () => context.client.call('getLead', { path: lead, key }),
    () => context.client.call('listLeadContacts', { path: lead, key }),
    () => context.client.call('listLeadProducts', { path: lead, key }),
  ];
  for (const read of reads) {
    const answer = await read();
    const path = new URL(answer.request.url).pathname;
    context.judge(
      'leads.read-routes-scope',
      answer.status === 200 ? undefined : `GET ${path} with leads:read answered ${answer.status} ${answer.json?.error?.code ?? ''}`,
      answer,
    );
  }
}

async function judgeWrites(
  context: CheckContext,
  key: string,
  leadId: string,
  contactId: string,
  { productId, lineId }: { productId: string; lineId: string },
): Promise<void> {
  const lead = { id: leadId };
  const writes = [
    () => context.client.call('createLead', { key, body: { name: `conformance ${context.runId}` } }),
    () => context.client.call('updateLead', { path: lead, key, body: { name: `conformance ${context.runId} scoped` } }),
    () => context.client.call('addLeadContact', { path: lead, key, body: { contact_id: contactId } }),
    () => context.client.call('removeLeadContact', { path: { id: leadId, contactID: contactId }, key }),
    () => context.client.call('addLeadProduct', { path: lead, key, body: { product_id: productId, quantity: 1 } }),
    () => context.client.call('updateLeadProduct', { path: { id: leadId, itemID: lineId }, key, body: { quantity: 2 } }),
    () => context.client.call('removeLeadProduct', { path: { id: leadId, itemID: lineId }, key }),
    () => context.client.call('restoreLead', { path: lead, key }),
    () => context.client.call('deleteLead', { path: lead, key }),
  ];
  for (const write of writes) {
    const answer = await write();
    const { method } = answer.request;
    const path = new URL(answer.request.url).pathname;
    if (method === 'POST' && path === '/v1/leads') deleteLater(context, answer);
    context.judge('leads.write-routes-scope', missingScope(answer, 'leads:write', `${method} ${path}`), answer);
  }
}

/** A key with leads:write and without contacts:write, made on the mock, creates a lead with `contact`. */
async function judgeContactScope(context: CheckContext): Promise<void> {
  const created = await controlCall(context, 'POST', `/_mock/workspaces/${mockWorkspaceId(context)}/api-keys`, {
    scopes: ['leads:read', 'leads:write'],
    name: `conformance ${context.runId} leads only`,
  });
  const answer = await context.client.call('createLead', {
    key: created.key,
    body: { name: `conformance ${context.runId}`, contact: { name: `conformance ${context.runId} scoped contact` } },
  });
  deleteLater(context, answer);
  context.judge('leads.create-contact-needs-contacts-write', missingScope(answer, 'contacts:write', 'a lead with `contact`'), answer);
}

function missingScope(answer: Exchange, scope: string, what: string): string | undefined {
  const error = answer.json?.error;
  return answer.status === 403 && error?.code === 'missing_scope' && error.scope === scope
    ? undefined
    : `${what} without ${scope} answered ${answer.status} ${error?.code ?? ''} ${error?.scope ?? ''}`;
}
