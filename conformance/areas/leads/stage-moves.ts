import type { ActiveCheck } from '../../check.ts';
import { firstPipeline } from '../../kits/pipeline-kit.ts';

export const stageMoves: ActiveCheck = {
  kind: 'active',
  id: 'leads.stage-moves',
  area: 'leads',
  title: 'a lead moved into a won stage gets closed_at; into a lost stage it needs loss_reason',
  spec: '3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const pipeline = await firstPipeline(context);
    const { won, lost } = pipeline;
    if (!won || !lost) return context.skip('the first pipeline has no won and lost stages');
    const lead = await context.createLead({ pipeline_id: pipeline.id });
    context.judge('leads.open-until-closed', lead.closed_at !== null && 'a new lead in an open stage has closed_at set');
    // Spec 3 makes loss_reason a condition of the move (stated); the answer, 422 validation_failed, is crmkit's reading.
    const refused = await context.client.call('updateLead', { path: { id: lead.id }, body: { stage_id: lost.id } });
    const taken = refused.status < 400 && `a move into a lost stage without loss_reason answered ${refused.status}`;
    context.judge('leads.lost-needs-reason', taken, refused);
    if (taken) return context.skipRule('leads.won-closes', 'the move without loss_reason closed the lead');
    const code = refused.json?.error?.code;
    const expected = refused.status === 422 && code === 'validation_failed';
    const otherAnswer = !expected && `the refusal is ${refused.status} ${code ?? ''}, not 422 validation_failed`;
    context.judge('leads.lost-needs-reason-answer', otherAnswer, refused);
    const closed = await context.client.call('updateLead', { path: { id: lead.id }, body: { stage_id: won.id } });
    const notClosed =
      closed.status !== 200
        ? `a move into a won stage answered ${closed.status}`
        : !closed.json.closed_at && 'a lead moved into a won stage has no closed_at';
    context.judge('leads.won-closes', notClosed, closed);
  },
};
