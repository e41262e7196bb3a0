// One mock for a test file, a fresh workspace per test with its clock frozen, and helpers for the
// public website form routes (spec 4.12): load a form, let time pass, submit as a visitor from an IP.
import { expect } from 'vitest';
import { call, type Answer } from '../support/mock-client.ts';
import { SECOND, workspaceFixture } from '../support/workspace-fixture.ts';

export const START = '2026-11-22T09:00:00.000Z';
export { HOUR, MINUTE, SECOND } from '../support/workspace-fixture.ts';

export type Visit = { ip?: string; headers?: Record<string, string> };

export function formFixture() {
  const base = workspaceFixture(START);
  const f = Object.assign(Object.create(base) as typeof base, {
    /** The workspace's starter form: phone required, name and email optional, consent text, min_ms 3000. */
    starter: () => base.created.forms[0] as any,
    tables: () => base.workspace().tables,
    async addForm(body: Record<string, unknown>): Promise<any> {
      const answer = await f.control('POST', '/forms', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },

    load(formId: string, query = '', visit: Visit = {}): Promise<Answer> {
      return call(base.mock, 'GET', `/api/forms/${formId}${query}`, { headers: visit.headers, clientAddress: visit.ip });
    },
    submit(formId: string, body: Record<string, unknown>, visit: Visit = {}): Promise<Answer> {
      return call(base.mock, 'POST', `/api/forms/${formId}/submit`, {
        body,
        headers: visit.headers,
        clientAddress: visit.ip ?? '203.0.113.7',
      });
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
  });
  return f;
}
