// The router's contract (issue 23, item 4): how a method and a path reach an operation, pinned as a
// table through the mock's whole pipeline, so that a change of router shows here first. The spec
// names no rule for these edges; the readings are crmkit's (a path is exact, case and slashes
// included; the document's methods only, with the path's methods in Allow) and every answer is
// checked against the document by the client.
import { describe, expect, it } from 'vitest';
import type { Handler, TagHandlers } from '../../src/http/handler.ts';
import { workspaceFixture } from '../support/workspace-fixture.ts';

type Row = { method: string; path: string; status: number; code?: string; allow?: string; operation?: string };

const TABLE: Row[] = [
  // A static segment is tried before a parameter: /v1/leads/board is the board, not the lead "board".
  { method: 'GET', path: '/v1/leads/board', status: 200, operation: 'getLeadBoard' },
  { method: 'GET', path: '/v1/leads', status: 200, operation: 'listLeads' },
  { method: 'GET', path: '/v1/leads?', status: 200, operation: 'listLeads' },
  // A path is exact: no trailing slash, no empty segment, no case folding.
  { method: 'GET', path: '/v1/leads/', status: 404, code: 'not_found' },
  { method: 'GET', path: '//v1/leads', status: 404, code: 'not_found' },
  { method: 'GET', path: '/v1/LEADS', status: 404, code: 'not_found' },
  // An encoded slash is a parameter's value, and no lead has it.
  { method: 'GET', path: '/v1/leads/%2F', status: 404, code: 'not_found' },
  // A method the path does not have: 405 with the path's own methods in Allow (RFC 9110 15.5.6).
  { method: 'PUT', path: '/v1/leads', status: 405, code: 'method_not_allowed', allow: 'GET, POST' },
  { method: 'DELETE', path: '/v1/leads/board', status: 405, code: 'method_not_allowed', allow: 'GET' },
  // HEAD and OPTIONS are not in the document for the CRM's routes, so they are methods the path lacks.
  { method: 'HEAD', path: '/v1/leads', status: 405, allow: 'GET, POST' },
  { method: 'OPTIONS', path: '/v1/leads', status: 405, code: 'method_not_allowed', allow: 'GET, POST' },
];

const fixture = workspaceFixture('2026-06-01T09:00:00Z');

describe('the router, as a table of edges', () => {
  it.each(TABLE)('$method $path answers $status', async ({ method, path, status, code, allow }) => {
    const answer = await fixture.api(method, path);
    expect(answer.status).toBe(status);
    if (code) expect(answer.body.error.code).toBe(code);
    if (allow !== undefined) expect(answer.headers.get('allow')).toBe(allow);
  });

  it('reaches the operation the table names (as the request journal records it)', async () => {
    for (const { method, path, operation } of TABLE.filter((row) => row.operation)) {
      await fixture.api(method, path);
      const journal = (await fixture.control('GET', '/requests?limit=1')).body.data;
      expect(journal[0].operation, `${method} ${path}`).toBe(operation);
    }
  });
});

/** The handlers of a tag are checked against the document's table at compile time (npm run typecheck). */
export const typeChecks = (handler: Handler) => {
  // @ts-expect-error a misspelt handler is refused: the tag has no operation `getLeads`
  const stray: Partial<TagHandlers<'Leads'>> = { getLeads: handler };
  // @ts-expect-error a handler missing from its tag is refused
  const missing: TagHandlers<'Pipelines'> = { listPipelines: handler };
  return [stray, missing];
};
