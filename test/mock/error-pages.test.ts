// Issue 25, item 5: each docs_url of the mock opens a page that exists. By default it is the
// mock's own page for the code (GET /_mock/docs/errors/{code}: code, status, message
// in en, ru and uz), on the server's own origin once it listens; `docsUrl` (`crmkit mock
// --docs-url`) points the links at other docs, in spec 7.1's form, a page per code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { call, setUpMock } from '../support/mock-client.ts';

let running: RunningServer;

beforeAll(async () => {
  running = await startServer(createMock({ controlAccess: { token: 'error-pages-control-token' } }));
});
afterAll(() => running?.close());

describe('the docs_url of an error', () => {
  it('points at the page the mock serves for the code, which opens without the control token', async () => {
    const refused = await fetch(`${running.url}/v1/leads`);
    const { error } = await refused.json();
    expect(error.docs_url).toBe(`${running.url}/_mock/docs/errors/invalid_token`);
    const page = await fetch(error.docs_url, { headers: { 'Accept-Language': 'ru' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<h1><code>invalid_token</code></h1>');
    expect(html).toContain('Status: 401.');
    for (const message of ['The credential is invalid, expired or revoked.', 'Ключ недействителен, истёк или отозван.']) expect(html).toContain(message);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('a code no page has answers 404 naming it; a code of several statuses lists them', async () => {
    const unknown = await fetch(`${running.url}/_mock/docs/errors/no_such_code`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('Not found: no error code no_such_code (the mock has a page for each code the CRM document lists).');
    expect(await (await fetch(`${running.url}/_mock/docs/errors/limit_reached`)).text()).toContain('Status: 403 or 409 or 422.');
  });

  it('follows docsUrl when given, a page per code under /errors/', async () => {
    const { mock, key } = await setUpMock({ docsUrl: 'https://docs.example.test/crm/' });
    const answer = await call(mock, 'GET', '/v1/leads/ld_00000000000000000000000000', { key });
    expect(answer.body.error.docs_url).toBe('https://docs.example.test/crm/errors/not_found');
  });
});
