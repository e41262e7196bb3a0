// Spec 2.1: request bodies are one JSON object sent as application/json. A JSON text sent as
// text/plain, or a form, is refused with 400 bad_json and changes nothing; the OAuth endpoints,
// which the spec lets take forms (5.2), still do. The control API takes JSON only too.
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock.ts';
import { call } from '../support/mock-client.ts';

describe('the media type of a request body', () => {
  it('refuses a lead sent as text/plain or as a form, and creates nothing', async () => {
    const mock = createMock();
    const created = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    for (const [type, rawBody] of [
      ['text/plain', '{"name":"Sofa"}'],
      ['application/x-www-form-urlencoded', 'name=Sofa'],
    ]) {
      const refused = await call(mock, 'POST', '/v1/leads', { key: created.api_key, rawBody, headers: { 'content-type': type! } });
      expect([refused.status, refused.body.error.code], type).toEqual([400, 'bad_json']);
    }
    expect((await call(mock, 'GET', '/v1/leads', { key: created.api_key })).body.data).toEqual([]);
    const json = await call(mock, 'POST', '/v1/leads', {
      key: created.api_key,
      rawBody: '{"name":"Sofa"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(json.status).toBe(201);
  });

  it('lets the OAuth token endpoint take a form, and keeps the control API to JSON', async () => {
    const mock = createMock();
    const token = await call(mock, 'POST', '/oauth/token', {
      rawBody: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // Read as a form: the request reaches client authentication (no client given), not a refusal of its media type.
    expect(token.body.error).toBe('invalid_client');
    const control = await call(mock, 'POST', '/_mock/workspaces', { rawBody: '{}', headers: { 'content-type': 'text/plain' } });
    expect([control.status, control.body.error.code]).toEqual([400, 'bad_json']);
  });
});
