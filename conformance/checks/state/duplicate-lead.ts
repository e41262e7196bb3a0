import type { ActiveCheck } from '../../check.ts';
import { firstPipeline } from '../../pipeline-kit.ts';

export const duplicateLead: ActiveCheck = {
  kind: 'active',
  id: 'state.duplicate-lead',
  family: 'state',
  title: 'a second open lead for a contact in the same pipeline answers 409 duplicate_lead; once the first is won, a new one is taken',
  spec: '4.2, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const pipeline = await firstPipeline(context);
    const { won } = pipeline;
    if (!won) return context.skip('the first pipeline has no won stage');
    const contact = await context.client.send('POST', '/v1/contacts', { body: { name: `conformance ${context.runId} duplicate` } });
    context.expectStatus(contact, 201);
    context.cleanup(() => context.client.send('DELETE', `/v1/contacts/${contact.json.id}`));

    const first = await context.createLead({ pipeline_id: pipeline.id, contact_id: contact.json.id });
    const second = await context.client.send('POST', '/v1/leads', { body: { name: `conformance ${context.runId}`, pipeline_id: pipeline.id, contact_id: contact.json.id } });
    if (second.status === 201) context.cleanup(() => context.client.send('DELETE', `/v1/leads/${second.json.id}`));
    context.expectError(second, 409, 'duplicate_lead');

    context.expectStatus(await context.client.send('PATCH', `/v1/leads/${first.id}`, { body: { stage_id: won.id } }), 200);
    await context.createLead({ pipeline_id: pipeline.id, contact_id: contact.json.id });
  },
};
