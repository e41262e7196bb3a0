// Spec 2.1, 3 and 4.2: a deleted lead is in the trash (a read answers 410 gone with `deleted_at`),
// leaves the list, and comes back by restore to reads and lists with its number. Each rule is
// judged on its own step (issue 22 item 3: one behaviour fails one rule), so that a trash that
// still lists a deleted lead fails the list rules and not the read's or the restore's.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';

export const trashAndRestore: ActiveCheck = {
  kind: 'active',
  id: 'conventions.trash-and-restore',
  area: 'conventions',
  title: 'a deleted lead reads 410 gone with deleted_at, leaves the list, and comes back by restore with its number',
  spec: '2.1, 3, 4.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    const deleted = await context.client.call('deleteLead', { path: { id: lead.id } });
    context.expectStatus(deleted, 200);
    judgeGone(context, await context.client.call('getLead', { path: { id: lead.id } }));
    const list = await listed(context);
    const stillListed = list.json?.data?.some((item: { id: string }) => item.id === lead.id) && 'a deleted lead is still listed';
    for (const rule of ['leads.trash-leaves-lists', 'conventions.trash-leaves-lists']) context.judge(rule, stillListed, list);
    await judgeRestore(context, lead);
  },
};

/** The read of a deleted lead: 410, the code gone, and `deleted_at` on it. */
function judgeGone(context: CheckContext, read: Exchange): void {
  const error = read.json?.error;
  const gone = read.status === 410 && error?.code === 'gone';
  context.judge('errors.status-410', read.status === 410 ? undefined : `a deleted lead reads ${read.status}, not 410`, read);
  context.judge('errors.gone', gone ? undefined : `a deleted lead reads ${read.status} ${error?.code ?? ''}, not 410 gone`, read);
  if (gone) context.judge('errors.extra-gone', error.deleted_at ? undefined : '410 gone without deleted_at', read);
  else context.skipRule('errors.extra-gone', `a deleted lead reads ${read.status} ${error?.code ?? ''}, not gone`);
  const trashed = !gone
    ? `a deleted lead reads ${read.status} ${error?.code ?? ''}, not 410 gone`
    : !error.deleted_at
      ? '410 gone without deleted_at'
      : undefined;
  for (const rule of ['leads.delete-to-trash', 'conventions.trash-reads-410']) context.judge(rule, trashed, read);
}

/** Restore: 200, the number kept, and the lead back to reads and the list. */
async function judgeRestore(context: CheckContext, lead: { id: string; number: number }): Promise<void> {
  const restored = await context.client.call('restoreLead', { path: { id: lead.id } });
  const back = (problem: string | false | undefined, exchange: Exchange) => {
    for (const rule of ['leads.restore', 'conventions.trash-restore']) context.judge(rule, problem, exchange);
  };
  if (restored.status !== 200) return back(`restoring answered ${restored.status}`, restored);
  const renumbered = restored.json.number !== lead.number && `restore changed the number from ${lead.number} to ${restored.json.number}`;
  for (const rule of ['leads.restore', 'conventions.number-kept-on-restore']) context.judge(rule, renumbered, restored);
  const read = await context.client.call('getLead', { path: { id: lead.id } });
  back(read.status !== 200 && `the restored lead reads ${read.status}`, read);
  const list = await listed(context);
  back(!list.json?.data?.some((item: { id: string }) => item.id === lead.id) && 'the restored lead is not listed', list);
}

async function listed(context: CheckContext): Promise<Exchange> {
  const list = await context.client.call('listLeads', { query: { limit: 250 } });
  context.expectStatus(list, 200);
  return list;
}
