import type { ActiveCheck } from '../../check.ts';

export const trashAndRestore: ActiveCheck = {
  kind: 'active',
  id: 'state.trash-and-restore',
  family: 'state',
  title: 'a deleted lead reads 410 gone with deleted_at, leaves the list, and comes back by restore with its number',
  spec: '2.1, 3, 4.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    const deleted = await context.client.call('deleteLead', { path: { id: lead.id } });
    context.expectStatus(deleted, 200);
    const read = await context.client.call('getLead', { path: { id: lead.id } });
    context.expectError(read, 410, 'gone', { status: 'errors.status-410', code: 'errors.gone' });
    if (!read.json.error.deleted_at) context.fail('410 gone without deleted_at', read);
    const list = await context.client.send('GET', '/v1/leads?limit=250');
    if (list.json.data.some((item: { id: string }) => item.id === lead.id)) context.fail('a deleted lead is still listed', list);
    const restored = await context.client.call('restoreLead', { path: { id: lead.id } });
    context.expectStatus(restored, 200);
    if (restored.json.number !== lead.number) context.fail(`restore changed the number from ${lead.number} to ${restored.json.number}`, restored);
    context.expectStatus(await context.client.call('getLead', { path: { id: lead.id } }), 200);
  },
};
