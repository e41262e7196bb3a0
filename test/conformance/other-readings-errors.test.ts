// The error, status and route readings (src/other-readings/error-*.ts, status-*.ts, route-*.ts)
// are live: on a mock wrapped with them, each choice the spec leaves open is answered the other
// way, and what the spec states still holds beside it. The suite and the stories against all the
// readings run in test/conformance/other-readings.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_READINGS } from '../../src/other-readings/index.ts';
import type { Mock } from '../../src/mock.ts';
import { BASE, call, setUpMock, type CallOptions } from '../support/mock-client.ts';

let mock: Mock;
let key: string;

beforeAll(async () => {
  ({ mock, key } = await setUpMock({ otherReadings: ERROR_READINGS }));
});

/** An answer without the document's check of `call`: for routes the readings design otherwise than crmkit's document. */
async function raw(method: string, path: string, options: { key?: string; body?: unknown } = {}) {
  const headers = new Headers(options.key ? { Authorization: `Bearer ${options.key}` } : {});
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await mock.handle(new Request(`${BASE}${path}`, { method, headers, body }), { clientAddress: '127.0.0.1' });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const codeOf = (answer: { status: number; body: any }) => `${answer.status} ${answer.body?.error?.code}`;
const whoami = (options: CallOptions) => call(mock, 'GET', '/v1/api-keys/whoami', options);

async function newTask(): Promise<{ id: string }> {
  const members = await call(mock, 'GET', '/v1/members', { key });
  const created = await call(mock, 'POST', '/v1/tasks', { key, body: { title: 'reading', assignee_id: members.body.data[0].id } });
  return created.body;
}

describe('error codes the spec does not name', () => {
  it('error-missing-credential: no key, or Basic credentials, answer 401 missing_credentials, still with WWW-Authenticate', async () => {
    const none = await whoami({ key: null });
    expect(codeOf(none)).toBe('401 missing_credentials');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(codeOf(await whoami({ headers: { Authorization: 'Basic dXNlcjpwYXNz' } }))).toBe('401 missing_credentials');
  });

  it('error-malformed-credential: a bearer of no credential shape answers 401 malformed_credential, a key invalid_token', async () => {
    expect(codeOf(await whoami({ key: 'not-a-key' }))).toBe('401 malformed_credential');
    expect(codeOf(await whoami({ key: `svc_live_${'x'.repeat(40)}` }))).toBe('401 invalid_token');
  });

  it('error-unknown-route: an unknown path and a method its path lacks answer 404 route_not_found, without Allow', async () => {
    expect(codeOf(await raw('GET', '/v1/nothing-here', { key }))).toBe('404 route_not_found');
    const method = await raw('DELETE', '/v1/leads', { key });
    expect(codeOf(method)).toBe('404 route_not_found');
    expect(method.headers.has('allow')).toBe(false);
  });

  it('error-unparsable-body: a body that is not JSON answers 400 malformed_json, a wrong type still 400 bad_json', async () => {
    const headers = { 'Content-Type': 'application/json' };
    expect(codeOf(await call(mock, 'POST', '/v1/leads', { key, headers, rawBody: '{"name": ' }))).toBe('400 malformed_json');
    expect(codeOf(await call(mock, 'POST', '/v1/leads', { key, body: { name: 42 } }))).toBe('400 bad_json');
  });

  it('error-media-type: a body of another media type answers 415 unsupported_media_type, which the document lists', async () => {
    const headers = { 'Content-Type': 'text/plain' };
    const refused = await call(mock, 'POST', '/v1/leads', { key, headers, rawBody: JSON.stringify({ name: 'plain text' }) });
    expect(codeOf(refused)).toBe('415 unsupported_media_type');
    expect(
      codeOf(await call(mock, 'POST', '/v1/leads', { key, headers: { 'Content-Type': 'application/json' }, rawBody: '{"name": ' })),
    ).toBe('400 malformed_json');
  });

  it('error-changed-cursor: a changed cursor answers 422 validation_failed under cursor, in the language asked for', async () => {
    const answer = await call(mock, 'GET', '/v1/leads?cursor=not-a-cursor', { key, headers: { 'Accept-Language': 'ru' } });
    expect(codeOf(answer)).toBe('422 validation_failed');
    expect(Object.keys(answer.body.error.fields)).toEqual(['cursor']);
    expect(answer.body.error.message).toMatch(/[а-я]/);
    expect(answer.body.error.docs_url).toMatch(/\/validation_failed$/);
  });
});

describe('statuses where the spec allows more than one', () => {
  it('status-id-type: an id of another record type in a path answers 404 not_found', async () => {
    expect(codeOf(await call(mock, 'GET', `/v1/leads/ct_${'0'.repeat(26)}`, { key }))).toBe('404 not_found');
  });

  it('status-no-pipeline: a lead in a workspace without a pipeline answers 422 no_pipeline', async () => {
    const created = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    const path = `/_mock/workspaces/${created.workspace.id}/snapshot`;
    const snapshot = (await call(mock, 'GET', path)).body;
    await call(mock, 'PUT', path, { body: { ...snapshot, tables: { ...snapshot.tables, pipelines: [], stages: [], forms: [] } } });
    expect(codeOf(await call(mock, 'POST', '/v1/leads', { key: created.api_key, body: { name: 'no pipeline' } }))).toBe('422 no_pipeline');
  });

  it('status-limit-reached: the webhook over the Free plan answers 422 limit_reached with its keys', async () => {
    const free = (await call(mock, 'POST', '/_mock/workspaces', { body: { plan: 'free' } })).body;
    const body = { name: 'reading', url: 'https://hooks.example.com/reading', events: ['lead.*'] };
    const create = () => call(mock, 'POST', '/v1/webhooks', { key: free.api_key, body });
    for (let made = 0; made < 2; made++) expect((await create()).status).toBe(201);
    const over = await create();
    expect(codeOf(over)).toBe('422 limit_reached');
    expect(over.body.error).toMatchObject({ key: 'webhooks', limit: 2, used: 2 });
  });

  it('status-task-not-open: snoozing a done task answers 422 task_not_open', async () => {
    const task = await newTask();
    expect((await call(mock, 'PUT', `/v1/tasks/${task.id}/complete`, { key, body: {} })).status).toBe(200);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect(codeOf(await call(mock, 'PUT', `/v1/tasks/${task.id}/snooze`, { key, body: { until } }))).toBe('422 task_not_open');
  });
});

describe('routes the spec does not show, designed otherwise', () => {
  it('route-tag-settings: PUT /v1/tags/settings changes the settings; PATCH is not offered', async () => {
    expect((await call(mock, 'PUT', '/v1/tags/settings', { key, body: { admins_only_create: false } })).status).toBe(200);
    expect(codeOf(await raw('PATCH', '/v1/tags/settings', { key, body: { admins_only_create: false } }))).toBe('404 route_not_found');
  });

  it('route-task-actions: the task sub-routes take PUT; POST is not offered', async () => {
    const task = await newTask();
    expect(codeOf(await raw('POST', `/v1/tasks/${task.id}/complete`, { key, body: {} }))).toBe('404 route_not_found');
    const done = await call(mock, 'PUT', `/v1/tasks/${task.id}/complete`, { key, body: { result: 'called' } });
    expect(done.body).toMatchObject({ status: 'done', result: 'called' });
    expect((await call(mock, 'PUT', `/v1/tasks/${task.id}/reopen`, { key })).body.status).toBe('open');
  });

  it('route-webhooks-unlisted: no route lists, reads or deletes a webhook; PATCH switches one off', async () => {
    const body = { name: 'reading', url: 'https://hooks.example.com/unlisted', events: ['lead.*'] };
    const { webhook } = (await call(mock, 'POST', '/v1/webhooks', { key, body })).body;
    const notOffered = [
      ['GET', '/v1/webhooks'],
      ['GET', `/v1/webhooks/${webhook.id}`],
      ['DELETE', `/v1/webhooks/${webhook.id}`],
    ];
    for (const [method, path] of notOffered) {
      expect(codeOf(await raw(method!, path!, { key })), `${method} ${path}`).toBe('404 route_not_found');
    }
    expect((await call(mock, 'PATCH', `/v1/webhooks/${webhook.id}`, { key, body: { active: false } })).body.active).toBe(false);
  });
});
