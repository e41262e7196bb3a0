// Spec 7.2 and 7.3: a workspace read-only until its subscription is paid answers every write with
// 402 read_only and changes nothing, while reads still answer; once paid, writes answer again. Only
// a crmkit mock can be made read-only (control API settings), so the check skips elsewhere. The
// writes are real ones on records the check made (create, change, delete, restore), so a refusal
// cannot be mistaken for a 404 of a record that does not exist.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { withWorkspaceSettings } from './limits-kit.ts';

export const readOnly: ActiveCheck = {
  kind: 'active',
  id: 'limits.read-only',
  area: 'limits',
  title:
    'a read-only workspace answers creates, changes, deletes and restores with 402 read_only and changes nothing, answers reads, and takes writes again once lifted',
  spec: '7.2, 7.3',
  basis: 'documented',
  writes: true,
  leaves: 'used-up',
  async run(context) {
    if (!context.target.mock) context.skip("needs a crmkit mock's control API: only a mock's workspace can be made read-only");
    const lead = await context.createLead({ amount: 100 });
    const trashed = await context.createLead();
    context.expectStatus(await context.client.call('deleteLead', { path: { id: trashed.id } }), 200);
    const name = `conformance ${context.runId} read-only`;
    await withWorkspaceSettings(context, 'only a mock can be made read-only', { read_only: true }, async () => {
      const reads: [string, Exchange][] = [
        ['the lead', await context.client.call('getLead', { path: { id: lead.id } })],
        ['the list of leads', await context.client.call('listLeads', { query: { limit: 1 } })],
        ['whoami', await context.client.call('getWhoami')],
      ];
      for (const [what, answer] of reads)
        context.judge(
          'limits.read-only-reads',
          answer.status === 200 ? undefined : `a read of ${what} answered ${answer.status} ${answer.json?.error?.code ?? ''}`,
          answer,
        );
      // That the query endpoint, a read sent as POST, still answers is crmkit's reading of "read-only".
      const query = await context.client.call('runQuery', {
        path: { entity: 'leads' },
        body: { query: { op: 'and', conditions: [{ field: 'amount', op: 'gte', value: 0 }] }, limit: 1 },
      });
      const refused = query.status !== 200 && `a query answered ${query.status} ${query.json?.error?.code ?? ''}`;
      context.judge('limits.read-only-query', refused, query);
      const leadCreate = await context.client.call('createLead', { body: { name } });
      if (leadCreate.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: leadCreate.json.id } }));
      const contactCreate = await context.client.call('createContact', { body: { name } });
      if (contactCreate.status === 201)
        context.cleanup(() => context.client.call('deleteContact', { path: { id: contactCreate.json.id } }));
      const writes: [string, Exchange][] = [
        ['a lead create', leadCreate],
        ['a contact create', contactCreate],
        ['a lead change', await context.client.call('updateLead', { path: { id: lead.id }, body: { amount: 200 } })],
        ['a lead delete', await context.client.call('deleteLead', { path: { id: lead.id } })],
        ['a lead restore', await context.client.call('restoreLead', { path: { id: trashed.id } })],
      ];
      for (const [what, answer] of writes) {
        const refused = answer.status === 402 && answer.json?.error?.code === 'read_only';
        context.judge(
          'limits.read-only-writes',
          refused ? undefined : `${what} answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 402 read_only`,
          answer,
        );
        context.judge('errors.status-402', answer.status === 402 ? undefined : `${what} answered ${answer.status}, not 402`, answer);
      }
      await judgeNothingChanged(context, lead.id, trashed.id, name);
    });
    await judgeLifted(context);
  },
};

/** The refused writes left the lead as it was, the deleted one deleted, and made no lead. */
async function judgeNothingChanged(context: CheckContext, leadId: string, trashedId: string, name: string): Promise<void> {
  const lead = await context.client.call('getLead', { path: { id: leadId } });
  context.judge(
    'limits.read-only-writes',
    lead.status !== 200
      ? `a refused delete took effect: the lead reads ${lead.status}`
      : lead.json.amount !== 100
        ? `a refused change took effect: amount is ${lead.json.amount}`
        : undefined,
    lead,
  );
  const trashed = await context.client.call('getLead', { path: { id: trashedId } });
  context.judge(
    'limits.read-only-writes',
    trashed.status !== 410 ? `a refused restore took effect: the deleted lead reads ${trashed.status}` : undefined,
    trashed,
  );
  const made = await context.client.call('runQuery', {
    path: { entity: 'leads' },
    body: { query: { op: 'and', conditions: [{ field: 'name', op: 'eq', value: name }] }, limit: 5 },
  });
  context.judge('limits.read-only-writes', made.json?.data?.length ? 'a refused create made a lead' : undefined, made);
}

/** Once the workspace is no longer read-only, a write answers again. */
async function judgeLifted(context: CheckContext): Promise<void> {
  const created = await context.client.call('createLead', { body: { name: `conformance ${context.runId} after read-only` } });
  if (created.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: created.json.id } }));
  context.judge(
    'limits.read-only-lifted',
    created.status === 201
      ? undefined
      : `a create after the workspace was paid answered ${created.status} ${created.json?.error?.code ?? ''}`,
    created,
  );
}
