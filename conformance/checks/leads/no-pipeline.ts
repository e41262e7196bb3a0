// Spec 4.2 and 7.3: creating a lead in a workspace without a pipeline answers no_pipeline (409 or
// 422). A deployment's keys give no such workspace, so this needs a mock: the control API makes a
// new workspace, and a snapshot of it put back without pipelines, stages and forms (a form points
// at a stage) leaves it with none.
import { request } from 'undici';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { controlCall } from '../../mock-control.ts';

export const noPipeline: ActiveCheck = {
  kind: 'active',
  id: 'leads.no-pipeline',
  family: 'leads',
  title: 'creating a lead in a workspace without a pipeline answers no_pipeline (409 or 422)',
  spec: '4.2, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const created = await controlCall(context, 'POST', '/_mock/workspaces', { name: `conformance ${context.runId} no pipeline` });
    const snapshotPath = `/_mock/workspaces/${created.workspace.id}/snapshot`;
    const snapshot = await controlCall(context, 'GET', snapshotPath);
    await putSnapshot(context, snapshotPath, { ...snapshot, tables: { ...snapshot.tables, pipelines: [], stages: [], forms: [] } });
    const answer = await context.client.send('POST', '/v1/leads', { key: created.api_key, body: { name: `conformance ${context.runId}` } });
    if (answer.status === 201) context.fail('a workspace without a pipeline created a lead', answer);
    context.expectError(answer, [409, 422], 'no_pipeline');
  },
};

/** `PUT` of a snapshot (controlCall sends GET, POST and PATCH only). */
async function putSnapshot(context: CheckContext, path: string, snapshot: unknown): Promise<void> {
  const response = await request(`${context.target.mock!.controlUrl}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(snapshot) });
  const text = await response.body.text();
  if (response.statusCode !== 200) context.fail(`the mock's control route PUT ${path} answered ${response.statusCode}: ${text.slice(0, 300)}`);
}
