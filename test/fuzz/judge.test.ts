// The fuzz judge itself: it must fail the answers issue 15 found, or the fuzz run proves nothing.
import { describe, expect, it } from 'vitest';
import type { Answer } from './answer-parser.ts';
import { createJudge } from './judge.ts';

const judge = createJudge();

function answer(status: number, headers: Record<string, string>, body: unknown): Answer {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: new Map(Object.entries(headers).map(([k, v]) => [k, [v]])), body: Buffer.from(text), at: 0 };
}

const envelope = (code: string) => ({
  error: { code, message: 'm', request_id: 'req_1', docs_url: `https://docs.crm.example/errors/${code}` },
});
const json = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req_1' };

describe('the fuzz judge', () => {
  it('fails a 5xx with an empty body and no X-Request-Id (node:http answering TRACE by itself)', () => {
    const kinds = judge(answer(500, {}, undefined), { method: 'TRACE', target: '/v1/teams' }).map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['5xx', 'no-request-id', 'outside-envelope']));
  });

  it('fails a bare 400 of the HTTP parser', () => {
    const kinds = judge(answer(400, { connection: 'close' }, undefined), undefined).map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['no-request-id', 'outside-envelope']));
  });

  it('fails a status the operation does not declare, and a body outside its schema', () => {
    expect(judge(answer(418, json, envelope('teapot')), { method: 'GET', target: '/v1/leads' }).map((f) => f.kind)).toContain(
      'outside-envelope',
    );
    expect(judge(answer(200, json, { nope: true }), { method: 'GET', target: '/v1/api-keys/whoami' }).map((f) => f.kind)).toContain(
      'outside-envelope',
    );
  });

  it('fails 405 without Allow and malformed_request with another status', () => {
    expect(judge(answer(405, json, envelope('method_not_allowed')), { method: 'TRACE', target: '/v1/leads' })).not.toEqual([]);
    expect(judge(answer(500, json, envelope('malformed_request')), undefined)).not.toEqual([]);
  });

  it('passes the envelope answers the node face gives', () => {
    expect(
      judge(answer(405, { ...json, allow: 'GET, POST' }, envelope('method_not_allowed')), { method: 'TRACE', target: '/v1/leads' }),
    ).toEqual([]);
    expect(judge(answer(400, json, envelope('malformed_request')), undefined)).toEqual([]);
    expect(
      judge(answer(401, { ...json, 'www-authenticate': 'Bearer realm="api"' }, envelope('invalid_token')), {
        method: 'GET',
        target: 'http://other.example/v1/leads',
      }),
    ).toEqual([]);
    expect(judge(answer(404, json, envelope('not_found')), { method: 'GET', target: '//v1/leads' })).toEqual([]);
  });
});
