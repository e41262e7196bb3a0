import type { ActiveCheck } from '../../check.ts';

export const useAfterDelete: ActiveCheck = {
  kind: 'active',
  id: 'leads.use-after-delete',
  area: 'leads',
  title: 'a lead in the trash cannot be changed (410 gone), and a deleted product is gone (404)',
  spec: '2.1, 3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    context.expectStatus(await context.client.call('deleteLead', { path: { id: lead.id } }), 200);
    context.expectError(await context.client.call('updateLead', { path: { id: lead.id }, body: { name: 'after delete' } }), 410, 'gone');
    const product = await context.client.call('createProduct', { body: { name: `conformance ${context.runId}` } });
    context.expectStatus(product, 201);
    context.expectStatus(await context.client.call('deleteProduct', { path: { id: product.json.id } }), 200);
    context.expectError(await context.client.call('getProduct', { path: { id: product.json.id } }), 404, 'not_found');
  },
};
