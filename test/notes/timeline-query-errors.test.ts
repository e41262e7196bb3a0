// GET /v1/timeline needs entity_type and entity_id (spec 4.5): without one, or with a kind of
// record that has no timeline, the mock answers 422 validation_failed naming the parameter, as
// for every invalid query value, and the document lists that status for the operation (so the
// conformance suite's documented-status observer accepts it).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
beforeAll(async () => {
  setup = await setUpMock();
});

describe('a timeline query without its record', () => {
  it.each([
    ['entity_id', '/v1/timeline?entity_type=lead'],
    ['entity_type', '/v1/timeline?entity_id=ld_01hv6d4s7r3k2m8x5c9bqwe001'],
    ['entity_type', '/v1/timeline?entity_type=deal&entity_id=ld_01hv6d4s7r3k2m8x5c9bqwe001'],
  ])('answers 422 validation_failed naming %s (%s)', async (field, path) => {
    const answer = await call(setup.mock, 'GET', path, { key: setup.key });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(Object.keys(answer.body.error.fields)).toContain(field);
  });

  it('is a 422 the document lists for listTimeline', () => {
    const responses = (loadDocument('crm') as any).paths['/v1/timeline'].get.responses;
    expect(Object.keys(responses)).toContain('422');
  });
});
