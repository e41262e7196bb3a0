import type { ActiveCheck } from '../../check.ts';

export const otherWorkspace: ActiveCheck = {
  kind: 'active',
  id: 'input.other-workspace',
  family: 'input',
  title: "another workspace's key gets 404 for this workspace's lead, by id and by number",
  spec: '2.1, 5.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    const key = context.target.otherKey ?? context.skip('needs a key of a second workspace (provisioned on a crmkit mock only)');
    const lead = await context.createLead();
    context.expectError(await context.client.send('GET', `/v1/leads/${lead.id}`, { key }), 404, 'not_found', { code: 'errors.not-found' });
    // The other workspace may have a lead of its own with this number: that one, or 404, is right.
    const byNumber = await context.client.send('GET', `/v1/leads/${lead.number}`, { key });
    if (byNumber.status === 200 && byNumber.json.id === lead.id) context.fail('the number found the lead of another workspace', byNumber);
    if (byNumber.status !== 200) context.expectError(byNumber, 404, 'not_found', { code: 'errors.not-found' });
  },
};
