// The router's contract (issue 23, item 4): how a method and a path reach an operation, pinned as a
// table through the mock's whole pipeline, so that a change of router shows here first. The spec
// names few rules for these edges (2.1: ids compared exactly, a record number in place of an id);
// the other readings are crmkit's (a path is exact, case and slashes included; a parameter is
// percent-decoded once; the document's methods only, with the path's methods in Allow) and every
// answer is checked against the document by the client.
import { describe, expect, it } from 'vitest';
import type { Handler, TagHandlers } from '../../src/http/handler.ts';
import { workspaceFixture } from '../support/workspace-fixture.ts';

type Row = { method: string; path: string; status: number; code?: string; allow?: string; operation?: string };

/**
 * Rows of one lead's routes: `{id}` is a lead's id, `{ID}` the same upper-cased, `{encoded}` it with
 * every character percent-encoded, `{number}` its record number (filled in when the row is sent).
 */
const LEAD_ROWS: Row[] = [
  { method: 'GET', path: '/v1/leads/{id}', status: 200, operation: 'getLead' },
  // Spec 2.1: single-record routes take the record number instead of the id.
  { method: 'GET', path: '/v1/leads/{number}', status: 200, operation: 'getLead' },
  // RFC 3986 6.2.2.2: a percent-encoded character is the character; the router decodes a parameter once.
  { method: 'GET', path: '/v1/leads/{encoded}', status: 200, operation: 'getLead' },
  // Spec 2.1: ids are compared exactly, so another case is another (unknown) id.
  { method: 'GET', path: '/v1/leads/{ID}', status: 404, code: 'not_found' },
  { method: 'GET', path: '/v1/leads/{id}/', status: 404, code: 'not_found' },
  { method: 'GET', path: '/v1//leads/{id}', status: 404, code: 'not_found' },
  // A static segment after a parameter: the lead's contacts, not a lead of id "contacts".
  { method: 'GET', path: '/v1/leads/{id}/contacts', status: 200, operation: 'listLeadContacts' },
  { method: 'PUT', path: '/v1/leads/{id}', status: 405, code: 'method_not_allowed', allow: 'GET, PATCH, DELETE' },
  { method: 'HEAD', path: '/v1/leads/{id}', status: 405, allow: 'GET, PATCH, DELETE' },
];

const TABLE: Row[] = [
  // A static segment is tried before a parameter: /v1/leads/board is the board, not the lead "board".
  { method: 'GET', path: '/v1/leads/board', status: 200, operation: 'getLeadBoard' },
  { method: 'GET', path: '/v1/leads', status: 200, operation: 'listLeads' },
  { method: 'GET', path: '/v1/leads?', status: 200, operation: 'listLeads' },
  // A path is exact: no trailing slash, no empty segment, no case folding.
  { method: 'GET', path: '/v1/leads/', status: 404, code: 'not_found' },
  { method: 'GET', path: '//v1/leads', status: 404, code: 'not_found' },
  { method: 'GET', path: '/v1/LEADS', status: 404, code: 'not_found' },
  // An encoded slash is a parameter's value, and no lead has it; a malformed escape is no path of the API.
  { method: 'GET', path: '/v1/leads/%2F', status: 404, code: 'not_found' },
  { method: 'GET', path: '/v1/leads/%ZZ', status: 404, code: 'not_found' },
  { method: 'GET', path: '/v1/leads/board/', status: 404, code: 'not_found' },
  // A method the path does not have: 405 with the path's own methods in Allow (RFC 9110 15.5.6).
  { method: 'PUT', path: '/v1/leads', status: 405, code: 'method_not_allowed', allow: 'GET, POST' },
  { method: 'DELETE', path: '/v1/leads/board', status: 405, code: 'method_not_allowed', allow: 'GET' },
  // HEAD and OPTIONS are not in the document for the CRM's routes, so they are methods the path lacks.
  { method: 'HEAD', path: '/v1/leads', status: 405, allow: 'GET, POST' },
  { method: 'OPTIONS', path: '/v1/leads', status: 405, code: 'method_not_allowed', allow: 'GET, POST' },
];

const fixture = workspaceFixture('2026-06-01T09:00:00Z');

const methodsIn = (allow: string | null) => (allow ?? '').split(', ').filter(Boolean).sort();

async function expectAnswer({ method, path, status, code, allow, operation }: Row): Promise<void> {
  const answer = await fixture.api(method, path);
  expect(answer.status, `${method} ${path}`).toBe(status);
  if (code) expect(answer.body.error.code).toBe(code);
  // RFC 9110 10.2.1: Allow lists the path's methods; their order means nothing.
  if (allow !== undefined) expect(methodsIn(answer.headers.get('allow'))).toEqual(methodsIn(allow));
  if (!operation) return;
  // The operation reached, as the request journal records it.
  const journal = (await fixture.control('GET', '/requests?limit=1')).body.data;
  expect(journal[0].operation, `${method} ${path}`).toBe(operation);
}

describe('the router, as a table of edges', () => {
  it.each(TABLE)('$method $path answers $status', expectAnswer);

  it.each(LEAD_ROWS)('$method $path (of a lead) answers $status', async (row) => {
    const lead = (await fixture.api('POST', '/v1/leads', { name: 'Routed' })).body;
    const encoded = [...lead.id].map((character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    const filled = { '{id}': lead.id, '{ID}': lead.id.toUpperCase(), '{encoded}': encoded, '{number}': String(lead.number) };
    const path = row.path.replace(/\{id\}|\{ID\}|\{encoded\}|\{number\}/, (name) => filled[name as keyof typeof filled]);
    await expectAnswer({ ...row, path });
    // The id, its number and its escaped form all reach the same lead.
    if (row.operation === 'getLead') expect((await fixture.api(row.method, path)).body.id).toBe(lead.id);
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
