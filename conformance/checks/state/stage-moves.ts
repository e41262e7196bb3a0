import type { ActiveCheck } from '../../check.ts';
import { firstPipeline } from '../../pipeline-kit.ts';

export const stageMoves: ActiveCheck = {
  kind: 'active',
  id: 'state.stage-moves',
  family: 'state',
  title: 'a lead moved into a won stage gets closed_at; into a lost stage it needs loss_reason',
  spec: '3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const pipeline = await firstPipeline(context);
    const { won, lost } = pipeline;
    if (!won || !lost) return context.skip('the first pipeline has no won and lost stages');
    const lead = await context.createLead({ pipeline_id: pipeline.id });
    if (lead.closed_at !== null) context.fail('a new lead in an open stage has closed_at set');
    const refused = await context.client.send('PATCH', `/v1/leads/${lead.id}`, { body: { stage_id: lost.id } });
    context.expectError(refused, 422, 'validation_failed');
    const closed = await context.client.send('PATCH', `/v1/leads/${lead.id}`, { body: { stage_id: won.id } });
    context.expectStatus(closed, 200);
    if (!closed.json.closed_at) context.fail('a lead moved into a won stage has no closed_at', closed);
  },
};
