// Spec 4.2 "Board": it takes the list filters and answers, for each stage of the pipeline, its
// `stage_id`, `count`, `sum` and first leads. The field holding the leads is not shown: crmkit's
// `leads` under `data` (the catalog gives the rule a reading). Scoped to the run's company.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { OperationParameters } from '../../operation-call.ts';
import { differs } from '../../kits/lead-kit.ts';
import { listFixture } from './list-fixture.ts';

type Column = { stage_id: string; count: number; sum: number; leads: { id: string }[] };

export const leadBoard: ActiveCheck = {
  kind: 'active',
  id: 'leads.board',
  area: 'leads',
  title:
    'the board answers every stage of the pipeline with its stage_id, count, sum and first leads in board order, under the list filters',
  spec: '4.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const fixture = await listFixture(context);
    const { a, b, c } = fixture.leads;
    // A second lead in the first stage, before `a` on the board.
    const e = await context.createLead({
      name: `conformance ${context.runId} ${fixture.word}echo`,
      company_id: fixture.company.id,
      pipeline_id: fixture.first.id,
      stage_id: fixture.open[0].id,
      amount: 50,
      position: 0.5,
    });
    // A lead outside the filters, first in the first stage: a board that ignores them counts it and shows it first,
    // whatever other leads the workspace holds.
    await context.createLead({
      name: `conformance ${context.runId} ${fixture.word}outside`,
      pipeline_id: fixture.first.id,
      stage_id: fixture.open[0].id,
      amount: 70,
      position: 0.1,
    });
    const columns = await board(context, { pipeline: fixture.first.id, company: fixture.company.id });
    const stageIds = fixture.first.stages.map((stage) => stage.id);
    context.judge(
      'leads.board-stages',
      differs(
        'the stage_ids of the board',
        columns.map((column) => column.stage_id),
        stageIds,
      ) ??
        (columns.every((column) => Number.isInteger(column.count) && Number.isInteger(column.sum) && Array.isArray(column.leads))
          ? undefined
          : 'a stage lacks count, sum or leads'),
    );
    const expected = new Map([
      [fixture.open[0].id, { count: 2, sum: 150, leads: [e.id, a.id] }],
      [fixture.open[1].id, { count: 1, sum: 200, leads: [b.id] }],
      [fixture.won.id, { count: 1, sum: 400, leads: [c.id] }],
    ]);
    const shown = columns.map((column) => ({ count: column.count, sum: column.sum, leads: (column.leads ?? []).map((lead) => lead.id) }));
    context.judge(
      'leads.board-counts',
      differs(
        'the stages of the board',
        shown,
        stageIds.map((id) => expected.get(id) ?? { count: 0, sum: 0, leads: [] }),
      ),
    );
    context.judge('leads.position-number', differs("the first stage's leads", shown[0]?.leads, [e.id, a.id]));
    // Fewer leads shown than the stage holds: count and sum still cover every lead of the stage.
    const limited = await context.client.call('getLeadBoard', {
      query: { pipeline: fixture.first.id, company: fixture.company.id, limit: 1 },
    });
    const short =
      limited.status === 200 && Array.isArray(limited.json?.data)
        ? limited.json.data.find((column: Column) => column.stage_id === fixture.open[0].id)
        : undefined;
    if (short)
      context.judge(
        'leads.board-counts',
        differs('count and sum of the first stage with limit=1', [short.count, short.sum], [2, 150]),
        limited,
      );
    const unassigned = await board(context, { pipeline: fixture.first.id, company: fixture.company.id, owner: 'unassigned' });
    const counts = unassigned.map((column) => column.count);
    context.judge(
      'leads.board-filters',
      differs(
        'the counts per stage with owner=unassigned',
        counts,
        stageIds.map((id) => (id === fixture.open[0].id || id === fixture.won.id ? 1 : 0)),
      ),
    );
  },
};

async function board(context: CheckContext, query: OperationParameters<'getLeadBoard'>['query']): Promise<Column[]> {
  const answer = await context.client.call('getLeadBoard', { query });
  const { pathname, search } = new URL(answer.request.url);
  if (answer.status !== 200 || !Array.isArray(answer.json?.data))
    context.fail(`GET ${pathname}${search} answered ${answer.status} without data`, answer, 'leads.board-stages');
  return answer.json.data;
}
