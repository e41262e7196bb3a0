// One mock for a test file, a fresh workspace per test with its clock frozen, and helpers for the
// public website form routes (spec 4.12): load a form, let time pass, submit as a visitor from an IP.
import { beforeAll, beforeEach, expect } from 'vitest';
import { call, setUpMock, type Answer, type Setup } from '../support/mock-client.ts';

export const START = '2026-11-22T09:00:00.000Z';
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

export type Visit = { ip?: string; headers?: Record<string, string> };

export function formFixture() {
  let setup: Setup;
  let created: any;
  beforeAll(async () => {
    setup = await setUpMock();
  });
  beforeEach(async () => {
    created = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    await f.control('POST', '/clock', { freeze: true, set: START });
  });

  const f = {
    get mock() {
      return setup.mock;
    },
    get created() {
      return created;
    },
    /** The workspace's starter form: phone required, name and email optional, consent text, min_ms 3000. */
    starter: () => created.forms[0] as any,
    wsId: () => created.workspace.id as string,
    key: () => created.api_key as string,
    tables: () => setup.mock.state.workspaces.get(created.workspace.id)!.tables,
    member: (role: string) => created.members.find((member: any) => member.role === role),

    api(method: string, path: string, body?: unknown): Promise<Answer> {
      return call(setup.mock, method, path, { key: f.key(), body });
    },
    control(method: string, path: string, body?: unknown): Promise<Answer> {
      return call(setup.mock, method, `/_mock/workspaces/${created.workspace.id}${path}`, { body });
    },
    async advance(ms: number): Promise<void> {
      expect((await f.control('POST', '/clock', { advance_seconds: ms / SECOND })).status).toBe(200);
    },
    async addForm(body: Record<string, unknown>): Promise<any> {
      const answer = await f.control('POST', '/forms', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },
    async events(type: string): Promise<any[]> {
      return (await f.control('GET', `/events?type=${type}`)).body.data;
    },

    load(formId: string, query = '', visit: Visit = {}): Promise<Answer> {
      return call(setup.mock, 'GET', `/api/forms/${formId}${query}`, { headers: visit.headers, clientAddress: visit.ip });
    },
    submit(formId: string, body: Record<string, unknown>, visit: Visit = {}): Promise<Answer> {
      return call(setup.mock, 'POST', `/api/forms/${formId}/submit`, { body, headers: visit.headers, clientAddress: visit.ip ?? '203.0.113.7' });
    },
    /** A token of the form loaded now. */
    async token(formId: string): Promise<string> {
      const answer = await f.load(formId);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.token;
    },
    /** A visitor who loads the form, takes longer than its min_ms, and submits. */
    async visit(form: any, body: Record<string, unknown>, visit: Visit = {}): Promise<Answer> {
      const token = await f.token(form.id);
      await f.advance(form.min_ms + SECOND);
      return f.submit(form.id, { token, ...body }, visit);
    },
  };
  return f;
}
