// Issue 25, item 5: each docs_url of the mock opens a page that exists. By default it is the
// mock's own page for the code (GET /_mock/docs/errors/{code}: code, status, message
// in en, ru and uz), on the server's own origin once it listens; `docsUrl` (`crmkit mock
// --docs-url`) points the links at other docs, in spec 7.1's form, a page per code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { withCrmkitMock } from '../support/crmkit-process.ts';
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
    for (const message of ['The credential is invalid, expired or revoked.', 'Ключ недействителен, истёк или отозван.'])
      expect(html).toContain(message);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('a code no page has answers 404 naming it; a code of several statuses lists them', async () => {
    const unknown = await fetch(`${running.url}/_mock/docs/errors/no_such_code`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe(
      'Not found: no error code no_such_code (the mock has a page for each code the CRM document lists).',
    );
    expect(await (await fetch(`${running.url}/_mock/docs/errors/limit_reached`)).text()).toContain('Status: 403 or 409 or 422.');
  });

  it("a delivery's User-Agent links to the webhook page the mock serves (spec 6.1)", async () => {
    const { deliveryHeaders } = await import('../../src/resources/webhooks/delivery-headers.ts');
    const mock = createMock({ urls: { base_url: running.url, hub_url: running.url, workspace_url: running.url } });
    const agent = deliveryHeaders(mock.state, 'ping', 'dlv_x', 0)['User-Agent'];
    expect(agent).toBe(`Svc-Webhooks/1.0 (+${running.url}/_mock/docs/webhooks)`);
    const page = await fetch(`${running.url}/_mock/docs/webhooks`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('HMAC-SHA256 keyed with the whole secret');
  });

  it('follows docsUrl when given, a page per code under /errors/', async () => {
    const { mock, key } = await setUpMock({ docsUrl: 'https://docs.example.test/crm/' });
    const answer = await call(mock, 'GET', '/v1/leads/ld_00000000000000000000000000', { key });
    expect(answer.body.error.docs_url).toBe('https://docs.example.test/crm/errors/not_found');
  });

  it("crmkit mock --docs-url URL sets it; without it the mock's own pages on its origin", async () => {
    const docsUrlOf = async (url: string) => (await (await fetch(`${url}/v1/leads`)).json()).error.docs_url;
    await withCrmkitMock(['--docs-url', 'https://docs.example.test'], async (url) => {
      expect(await docsUrlOf(url)).toBe('https://docs.example.test/errors/invalid_token');
    });
    await withCrmkitMock([], async (url) => {
      const docsUrl = await docsUrlOf(url);
      expect(docsUrl).toBe(`${url}/_mock/docs/errors/invalid_token`);
      expect((await fetch(docsUrl)).status).toBe(200);
    });
  });
});
