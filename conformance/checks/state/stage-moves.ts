import type { ActiveCheck } from '../../check.ts';

export const stageMoves: ActiveCheck = {
  kind: 'active',
  id: 'state.stage-moves',
  family: 'state',
  title: 'a lead moved into a won stage gets closed_at; into a lost stage it needs loss_reason',
  spec: '3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const pipelines = await context.client.send('GET', '/v1/pipelines');
    if (pipelines.status !== 200) context.skip('the pipelines route (inferred) does not answer: stage ids are unknown');
    const pipeline = pipelines.json.data[0];
    const won = pipeline.stages.find((stage: { type: string }) => stage.type === 'won');
    const lost = pipeline.stages.find((stage: { type: string }) => stage.type === 'lost');
    if (!won || !lost) context.skip('the first pipeline has no won and lost stages');
    const lead = await context.createLead({ pipeline_id: pipeline.id });
    if (lead.closed_at !== null) context.fail('a new lead in an open stage has closed_at set');
    const refused = await context.client.send('PATCH', `/v1/leads/${lead.id}`, { body: { stage_id: lost.id } });
    context.expectError(refused, 422, 'validation_failed');
    const closed = await context.client.send('PATCH', `/v1/leads/${lead.id}`, { body: { stage_id: won.id } });
    context.expectStatus(closed, 200);
    if (!closed.json.closed_at) context.fail('a lead moved into a won stage has no closed_at', closed);
  },
};
