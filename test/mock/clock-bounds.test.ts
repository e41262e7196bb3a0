// The control API is surface too: a wild clock move must not break a workspace.
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock.ts';
import { call } from '../support/mock-client.ts';

describe('moving a workspace clock', () => {
  it('refuses a move past year 9999 or before 1970 with 422, changing nothing, and the workspace goes on answering', async () => {
    const mock = createMock();
    const created = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    const clock = `/_mock/workspaces/${created.workspace.id}/clock`;
    await call(mock, 'POST', '/v1/leads', { key: created.api_key, body: { name: 'Before the move' } });
    const before = (await call(mock, 'POST', clock, { body: { freeze: true } })).body.now;
    const wild = await call(mock, 'POST', clock, { body: { advance_seconds: 9e12 } });
    expect([wild.status, wild.body.error.code, Object.keys(wild.body.error.fields)]).toEqual([
      422,
      'validation_failed',
      ['advance_seconds'],
    ]);
    const early = await call(mock, 'POST', clock, { body: { set: '1969-12-31T23:59:59Z' } });
    expect([early.status, Object.keys(early.body.error.fields)]).toEqual([422, ['set']]);
    expect((await call(mock, 'GET', clock)).body.now).toBe(before);
    const far = await call(mock, 'POST', clock, { body: { set: '9999-12-31T00:00:00Z' } });
    expect(far.status).toBe(200);
    const leads = await call(mock, 'GET', '/v1/leads', { key: created.api_key });
    expect(leads.status).toBe(200);
    const lead = await call(mock, 'POST', '/v1/leads', { key: created.api_key, body: { name: 'At the end of time' } });
    expect([lead.status, lead.body.created_at]).toEqual([201, '9999-12-31T00:00:00.000Z']);
  });
});
