// Pipelines read routes (inferred, spec 4.14).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let created: any[];
beforeAll(async () => {
  setup = await setUpMock();
  created = (await call(setup.mock, 'GET', '/v1/pipelines', { key: setup.key })).body.data;
});

describe('pipelines (spec 4.14, inferred)', () => {
  it('pipelines list in order with their stages', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/pipelines', { key: setup.key });
    expect(answer.status).toBe(200);
    const pipelines = answer.body.data;
    expect(pipelines.map((pipeline: any) => pipeline.name.en)).toEqual(['Sales', 'Wholesale']);
    expect(pipelines.map((pipeline: any) => pipeline.position)).toEqual([0, 1]);
    for (const pipeline of pipelines) {
      expect(pipeline.stages.map((stage: any) => stage.position)).toEqual([...pipeline.stages.keys()]);
      expect(new Set(pipeline.stages.map((stage: any) => stage.pipeline_id))).toEqual(new Set([pipeline.id]));
    }
    expect(pipelines[0].stages.map((stage: any) => stage.name.en)).toEqual(['New', 'Contacted', 'Negotiation', 'Won', 'Lost']);
  });

  it('a pipeline is read by its id with its stages in order', async () => {
    const second = created[1];
    const answer = await call(setup.mock, 'GET', `/v1/pipelines/${second.id}`, { key: setup.key });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(second);
  });

  it('a pipeline is read by its long prefix pipeline_', async () => {
    const first = created[0];
    const answer = await call(setup.mock, 'GET', `/v1/pipelines/${first.id.replace(/^pl_/, 'pipeline_')}`, { key: setup.key });
    expect([answer.status, answer.body.id]).toEqual([200, first.id]);
  });

  it('an unknown pipeline answers 404 not_found', async () => {
    const answer = await call(setup.mock, 'GET', `/v1/pipelines/pl_${'0'.repeat(26)}`, { key: setup.key });
    expect([answer.status, answer.body.error.code]).toEqual([404, 'not_found']);
  });

  it('a pipeline of another workspace answers 404 not_found', async () => {
    const other = await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} });
    const answer = await call(setup.mock, 'GET', `/v1/pipelines/${created[0].id}`, { key: other.body.api_key });
    expect([answer.status, answer.body.error.code]).toEqual([404, 'not_found']);
  });
});
