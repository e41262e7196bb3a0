import type { ActiveCheck } from '../../check.ts';
import { judgeNotFound } from '../../kits/conventions-kit.ts';

export const otherWorkspace: ActiveCheck = {
  kind: 'active',
  id: 'auth.other-workspace',
  area: 'auth',
  title: "another workspace's key gets 404 for this workspace's lead, by id and by number",
  spec: '2.1, 5.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    const key = context.target.otherKey ?? context.skip('needs a key of a second workspace (provisioned on a crmkit mock only)');
    const lead = await context.createLead();
    const byId = await context.client.call('getLead', { path: { id: lead.id }, key });
    // A lead found is auth.one-workspace's breach alone; any other answer is judged as not found.
    context.judge('auth.one-workspace', byId.status === 200 && 'the id found the lead of another workspace', byId);
    if (byId.status !== 200) judgeNotFound(context, byId, "another workspace's lead by id");
    // The other workspace may have a lead of its own with this number: that one, or 404, is right.
    const byNumber = await context.client.call('getLead', { path: { id: String(lead.number) }, key });
    const leaked = byNumber.status === 200 && byNumber.json.id === lead.id;
    // A number is resolved only inside the caller's workspace (spec 2.1): its own rule, not the id's.
    context.judge('conventions.number-own-workspace', leaked && 'the number found the lead of another workspace', byNumber);
    if (byNumber.status !== 200) judgeNotFound(context, byNumber, "another workspace's lead by number");
  },
};
