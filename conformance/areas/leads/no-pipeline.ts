// Spec 4.2 and 7.3: creating a lead in a workspace without a pipeline answers no_pipeline (409 or
// 422); reading its board is no conflict: 200 with no stages and `pipeline_id` null (the board's
// shape is crmkit's reading). A deployment's keys give no such workspace, so this needs a mock: the
// control API makes a new workspace, and a snapshot of it put back without pipelines, stages and
// forms (a form points at a stage) leaves it with none.
import type { ActiveCheck } from '../../check.ts';
import { controlCall } from '../../mock-control.ts';

export const noPipeline: ActiveCheck = {
  kind: 'active',
  id: 'leads.no-pipeline',
  area: 'leads',
  title: 'creating a lead in a workspace without a pipeline answers no_pipeline (409 or 422); its board answers 200 with no stages',
  spec: '4.2, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const created = await controlCall(context, 'POST', '/_mock/workspaces', { name: `conformance ${context.runId} no pipeline` });
    const snapshotPath = `/_mock/workspaces/${created.workspace.id}/snapshot`;
    const snapshot = await controlCall(context, 'GET', snapshotPath);
    await controlCall(context, 'PUT', snapshotPath, { ...snapshot, tables: { ...snapshot.tables, pipelines: [], stages: [], forms: [] } });
    const answer = await context.client.call('createLead', { key: created.api_key, body: { name: `conformance ${context.runId}` } });
    const code = answer.json?.error?.code;
    context.judge(
      'leads.no-pipeline',
      answer.status === 201
        ? 'a workspace without a pipeline created a lead'
        : ![409, 422].includes(answer.status) || code !== 'no_pipeline'
          ? `a lead in a workspace without a pipeline answered ${answer.status} ${code ?? ''}, not 409 or 422 no_pipeline`
          : undefined,
      answer,
    );
    const board = await context.client.call('getLeadBoard', { key: created.api_key });
    const empty =
      board.status === 200 && board.json?.pipeline_id === null && Array.isArray(board.json?.data) && board.json.data.length === 0;
    context.judge(
      'leads.board-no-pipeline',
      empty
        ? undefined
        : `the board of a workspace without a pipeline answered ${board.status} ${board.json?.error?.code ?? JSON.stringify(board.json).slice(0, 120)}, not 200 with pipeline_id null and no stages`,
      board,
    );
  },
};
