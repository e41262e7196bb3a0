// The rules every route shares (spec 2.1, 2.2, 5.1, 7, 8): request ids, the error envelope,
// credentials and scopes, and request validation from the document.
import { beforeEach, describe, expect, it } from 'vitest';
import { readErrorCatalog } from '../../src/errors/error-catalog.ts';
import { createApi } from '../../src/http/api.ts';
import { withBody } from '../../src/wire/held-body.ts';
import { createHandle } from '../../src/http/handle.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { call, envelopeProblems, setUpMock, type Setup } from '../support/mock-client.ts';

const ID = (prefix: string) => `${prefix}_${'0'.repeat(10)}${'a'.repeat(16)}`;

let setup: Setup;
beforeEach(async () => {
  setup = await setUpMock();
});

describe('request ids', () => {
  it('every response carries X-Request-Id, errors and successes alike', async () => {
    const ok = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key: setup.key });
    const error = await call(setup.mock, 'GET', '/v1/nowhere', { key: setup.key });
    expect(ok.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(error.headers.get('x-request-id')).toBe(error.body.error.request_id);
  });

  it("a caller's valid X-Request-Id is used and returned", async () => {
    const answer = await call(setup.mock, 'GET', '/v1/leads/board', { key: null, headers: { 'X-Request-Id': 'trace-42.a_b' } });
    expect(answer.headers.get('x-request-id')).toBe('trace-42.a_b');
    expect(answer.body.error.request_id).toBe('trace-42.a_b');
  });

  it('an invalid X-Request-Id (too long, or other characters) is replaced', async () => {
    for (const supplied of ['x'.repeat(65), 'has space', 'semi;colon']) {
      const answer = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key: setup.key, headers: { 'X-Request-Id': supplied } });
      expect(answer.headers.get('x-request-id')).not.toBe(supplied);
    }
  });
});

describe('the error envelope', () => {
  it('has code, message, request_id and docs_url, valid against the document', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/nowhere', { key: setup.key });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // By default the page the mock serves itself (errors/docs-url.ts; test/mock/error-pages.test.ts).
    expect(answer.body.error).toMatchObject({ code: 'not_found', docs_url: 'http://127.0.0.1:4010/_mock/docs/errors/not_found' });
    expect(envelopeProblems(answer.body)).toEqual([]);
  });

  it('speaks the language of Accept-Language, with the same code', async () => {
    const russian = await call(setup.mock, 'GET', '/v1/api-keys/whoami', {
      key: null,
      headers: { 'Accept-Language': 'ru-RU,ru;q=0.9,en;q=0.5' },
    });
    const uzbek = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key: null, headers: { 'Accept-Language': 'uz' } });
    const english = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key: null });
    expect(new Set([russian.body.error.message, uzbek.body.error.message, english.body.error.message]).size).toBe(3);
    expect([russian, uzbek, english].map((answer) => answer.body.error.code)).toEqual(['invalid_token', 'invalid_token', 'invalid_token']);
  });

  it('an operation the mock does not implement yet answers 501 not_implemented', async () => {
    const crm = createApi(loadDocument('crm'));
    const handle = createHandle({
      crm,
      control: createApi(loadDocument('mock-control')),
      catalog: readErrorCatalog(loadDocument('crm')),
      state: setup.mock.state,
    });
    const response = withBody(
      await handle(new Request('http://127.0.0.1/v1/api-keys/whoami', { headers: { Authorization: `Bearer ${setup.key}` } })),
    );
    expect(response.status).toBe(501);
    expect((await response.json()).error.code).toBe('not_implemented');
  });

  it('a method the path does not have answers 405 with Allow', async () => {
    const answer = await call(setup.mock, 'PUT', '/v1/api-keys/whoami', { key: setup.key });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });
});

describe('credentials (spec 5.1)', () => {
  it('whoami answers the api key, its scopes and its workspace', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key: setup.key });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'api_key', workspace: { id: setup.workspaceId } });
    expect(answer.body.scopes).toContain('webhooks:manage');
  });

  it('no credential, or an unknown one, answers 401 invalid_token with a challenge', async () => {
    for (const key of [null, 'svc_live_unknown']) {
      const answer = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key });
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('invalid_token');
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('a revoked key answers 401 key_revoked', async () => {
    const key = await setup.newKey({ scopes: ['leads:read'] });
    const { body: whoami } = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key });
    await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/api-keys/${whoami.id}/revoke`);
    const answer = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key });
    expect([answer.status, answer.body.error.code]).toEqual([401, 'key_revoked']);
  });

  it('an expired key answers 401 key_expired', async () => {
    const key = await setup.newKey({ scopes: ['leads:read'], expires_at: '2020-01-01T00:00:00Z' });
    const answer = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key });
    expect([answer.status, answer.body.error.code]).toEqual([401, 'key_expired']);
  });

  it('a key expires on the workspace clock, not on the wall clock', async () => {
    const key = await setup.newKey({ scopes: ['leads:read'], expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key })).status).toBe(200);
    await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/clock`, { body: { advance_seconds: 7200 } });
    const answer = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key });
    expect([answer.status, answer.body.error.code]).toEqual([401, 'key_expired']);
  });

  it('a key restricted by IP answers 403 ip_not_allowed from another address', async () => {
    const key = await setup.newKey({ scopes: ['leads:read'], allowed_ips: ['10.1.2.3'] });
    const elsewhere = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key, clientAddress: '127.0.0.1' });
    const allowed = await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key, clientAddress: '::ffff:10.1.2.3' });
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([403, 'ip_not_allowed']);
    expect(allowed.status).toBe(200);
  });

  it('a key in the URL answers 400 credentials_in_url', async () => {
    const answer = await call(setup.mock, 'GET', `/v1/api-keys/whoami?api_key=${setup.key}`, { key: setup.key });
    expect([answer.status, answer.body.error.code]).toEqual([400, 'credentials_in_url']);
  });

  it('a missing scope answers 403 missing_scope naming it', async () => {
    const key = await setup.newKey({ scopes: ['leads:read'] });
    const answer = await call(setup.mock, 'GET', '/v1/members', { key });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'missing_scope', scope: 'users:read' });
    expect(envelopeProblems(answer.body)).toEqual([]);
  });

  it('leads:write includes leads:read', async () => {
    const key = await setup.newKey({ scopes: ['leads:write'] });
    const answer = await call(setup.mock, 'GET', '/v1/leads', { key });
    expect(answer.status).toBe(200);
  });

  it('a route for the first-party web app refuses API keys', async () => {
    const answer = await call(setup.mock, 'POST', '/v1/invites', { key: setup.key, body: { email: 'a@b.uz', role: 'manager' } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'forbidden', permission: 'first_party_only' });
  });
});

describe('request validation from the document (spec 2.1, 7.3)', () => {
  it('an unknown field answers 400 unknown_field naming it', async () => {
    const answer = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'Deal', colour: 'red' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'unknown_field', fields: { colour: expect.any(String) } });
  });

  it('a value of the wrong type answers 400 bad_json', async () => {
    const answer = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { amount: '100' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'bad_json', fields: { amount: expect.any(String) } });
  });

  it('a number where a word of a list is expected is a wrong type (400 bad_json), not an invalid value', async () => {
    const answer = await call(setup.mock, 'POST', '/v1/bulk/leads/run', { key: setup.key, body: { type: 12345 } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'bad_json', fields: { type: expect.any(String) } });
  });

  it('a text that is not an id where an id or null is expected is invalid (422), not a wrong type', async () => {
    const lead = (await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: {} })).body;
    const answer = await call(setup.mock, 'PATCH', `/v1/leads/${lead.id}`, { key: setup.key, body: { owner_id: 'somebody' } });
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields).toHaveProperty('owner_id');
  });

  it('malformed JSON answers 400 bad_json', async () => {
    const answer = await call(setup.mock, 'POST', '/v1/leads', {
      key: setup.key,
      rawBody: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([answer.status, answer.body.error.code]).toEqual([400, 'bad_json']);
  });

  it('an invalid value answers 422 validation_failed under its field', async () => {
    const answer = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'x'.repeat(256), amount: -5 } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.error.fields).sort()).toEqual(['amount', 'name']);
  });

  it('a body over 1 MB answers 413 body_too_large', async () => {
    const answer = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'x'.repeat(1024 * 1024) } });
    expect([answer.status, answer.body.error.code]).toEqual([413, 'body_too_large']);
  });

  it('an id of another type in the path answers 400 invalid_id_type', async () => {
    const answer = await call(setup.mock, 'GET', `/v1/leads/${ID('ct')}`, { key: setup.key });
    expect([answer.status, answer.body.error.code]).toEqual([400, 'invalid_id_type']);
  });

  it('a malformed id in the path answers 404 not_found', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/leads/not-an-id', { key: setup.key });
    expect([answer.status, answer.body.error.code]).toEqual([404, 'not_found']);
  });

  it('a long prefix and a record number are accepted in the path (unknown ones are 404, not 400)', async () => {
    for (const id of [ID('lead'), ID('ld'), '42']) {
      const answer = await call(setup.mock, 'GET', `/v1/leads/${id}`, { key: setup.key });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
  });

  it('a query parameter of the wrong shape answers 422 validation_failed', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/leads?status=sometimes', { key: setup.key });
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields).toHaveProperty('status');
  });
});
