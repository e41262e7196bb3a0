// Issue 15, case by case: what node:http used to answer by itself (a bare 400, 408, 417 or 431,
// an empty 500), what it routed by the Host header, and the consent form's 500, now each an
// answer of the core with X-Request-Id and the envelope. test/fuzz runs thousands more.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { AnswerParser, type Answer } from '../fuzz/answer-parser.ts';

let running: RunningServer;
let port: number;
let key: string;
let cookie: string;

beforeAll(async () => {
  running = await startServer(createMock(), { port: 0 });
  port = Number(new URL(running.url).port);
  const created = await (await fetch(`${running.url}/_mock/workspaces`, { method: 'POST' })).json();
  key = created.api_key;
  const session = await fetch(`${running.url}/_mock/workspaces/${created.workspace.id}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ member_id: created.members[0].id }),
  });
  cookie = (await session.json()).cookie;
});
afterAll(() => running.close());

/** Sends raw bytes on a connection of their own, half-closes it, and reads every answer until the server closes. */
function exchange(text: string | Buffer, { headOnly = false } = {}): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const parser = new AnswerParser(() => headOnly);
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const timer = setTimeout(
      () => reject(new Error(`no end of answers within 60 s: ${JSON.stringify(parser.answers.map((a) => a.status))}`)),
      60_000,
    );
    socket.on('data', (chunk: Buffer) => parser.push(chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      parser.end();
      if (parser.problem) reject(new Error(parser.problem));
      else resolve(parser.answers);
    });
    socket.on('error', () => undefined);
    socket.end(typeof text === 'string' ? Buffer.from(text, 'latin1') : text);
  });
}

const host = () => `Host: 127.0.0.1:${port}\r\n`;
const bearer = () => `Authorization: Bearer ${key}\r\n`;

function envelopeOf(answer: Answer): { code: string; request_id: string; message: string } {
  const requestId = answer.headers.get('x-request-id');
  expect(requestId).toHaveLength(1);
  expect(answer.headers.get('content-type')?.[0]).toMatch(/^application\/json/);
  const { error } = JSON.parse(answer.body.toString());
  expect(error.request_id).toBe(requestId![0]);
  expect(error.docs_url).toMatch(/\/errors\//);
  return error;
}

describe('the node face answers in the envelope', () => {
  it("answers TRACE, TRACK and a custom method 405 method_not_allowed with the path's methods in Allow", async () => {
    for (const method of ['TRACE', 'TRACK', 'PURGEALL']) {
      const [answer] = await exchange(`${method} /v1/teams HTTP/1.1\r\n${host()}\r\n`);
      expect(answer!.status, method).toBe(405);
      expect(answer!.headers.get('allow')).toEqual(['GET, POST']);
      expect(envelopeOf(answer!).code).toBe('method_not_allowed');
    }
  });

  it('answers a method no operation has 405 on a path none has too, with an empty Allow', async () => {
    const [answer] = await exchange(`TRACE /nowhere HTTP/1.1\r\n${host()}\r\n`);
    expect(answer!.status).toBe(405);
    expect(answer!.headers.get('allow')).toEqual(['']);
  });

  it('journals TRACE, TRACK, CONNECT and a custom method under the method the client sent, not GET', async () => {
    const sent = [
      ['TRACE', `TRACE /v1/teams HTTP/1.1\r\n${host()}\r\n`],
      ['TRACK', `TRACK /v1/teams HTTP/1.1\r\n${host()}\r\n`],
      ['PURGEALL', `PURGEALL /v1/teams HTTP/1.1\r\n${host()}\r\n`],
      ['CONNECT', `CONNECT other.example:443 HTTP/1.1\r\nHost: other.example:443\r\n\r\n`],
    ];
    const journal = (await (await fetch(`${running.url}/_mock/requests?status=405`)).json()).data as { id: string; method: string }[];
    const before = new Set(journal.map((entry) => entry.id));
    for (const [method, bytes] of sent) {
      const [answer] = await exchange(bytes!);
      const id = answer!.headers.get('x-request-id')![0]!;
      const entries = (await (await fetch(`${running.url}/_mock/requests?status=405`)).json()).data as { id: string; method: string }[];
      expect(before.has(id)).toBe(false);
      expect([method, entries.find((entry) => entry.id === id)?.method]).toEqual([method, method]);
    }
  });

  it('journals a request the parser refuses under the method and path of its request line, when the bytes show one', async () => {
    const [answer] = await exchange(`POST /v1/leads?x=1 HTTP/1.1\r\n${host()}X-Request-Id: refused-journal-1\r\nBad Header\r\n\r\n`);
    expect(answer!.status).toBe(400);
    const [garbage] = await exchange('GARBAGE\r\n\r\n');
    const garbageId = garbage!.headers.get('x-request-id')![0];
    const entries = (await (await fetch(`${running.url}/_mock/requests?status=400`)).json()).data as {
      id: string;
      method: string;
      path: string;
      problem: { code: string };
    }[];
    expect(entries.find((entry) => entry.id === 'refused-journal-1')).toMatchObject({
      method: 'POST',
      path: '/v1/leads?x=1',
      problem: { code: 'malformed_request' },
    });
    expect(entries.find((entry) => entry.id === garbageId)).toMatchObject({
      method: 'GET',
      path: '/',
      problem: { code: 'malformed_request' },
    });
  });

  it('treats methods as case-sensitive: `get` is not GET', async () => {
    const [answer] = await exchange(`get /v1/teams HTTP/1.1\r\n${host()}${bearer()}\r\n`);
    expect(answer!.status).toBe(405);
  });

  it('answers CONNECT 405 in the envelope and closes the connection', async () => {
    const [answer] = await exchange(`CONNECT other.example:443 HTTP/1.1\r\nHost: other.example:443\r\n\r\n`);
    expect(answer!.status).toBe(405);
    expect(envelopeOf(answer!).code).toBe('method_not_allowed');
    expect(answer!.headers.get('connection')).toEqual(['close']);
  });

  it('answers what the HTTP parser refuses 400 malformed_request, saying why', async () => {
    const cases: [string, RegExp][] = [
      [`GET /v1/teams HTTP/1.1\r\n${host()}Bad Header\r\n\r\n`, /not valid HTTP\/1\.1/],
      [`POST /v1/leads HTTP/1.1\r\n${host()}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, /Content-Length/],
      [`GET /v1/teams HTTP/1.1\r\n${host()}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`, /larger than 16 KB/],
      [`GET /v1/teams HTTP/1.1\r\n${host()}`, /ended before the request/],
    ];
    for (const [bytes, why] of cases) {
      const [answer] = await exchange(bytes);
      expect(answer!.status).toBe(400);
      const error = envelopeOf(answer!);
      expect(error.code).toBe('malformed_request');
      expect(error.message).toMatch(why);
    }
  });

  it('echoes the X-Request-Id its bytes show on a request the parser refuses, validated as any other (spec 7.1)', async () => {
    const idOf = (answer: Answer) => [answer.headers.get('x-request-id')![0], envelopeOf(answer).request_id];
    const [badHeader] = await exchange(`GET /v1/teams HTTP/1.1\r\n${host()}X-Request-Id: refused-1\r\nBad Header\r\n\r\n`);
    expect(idOf(badHeader!)).toEqual(['refused-1', 'refused-1']);
    const [afterBadHeader] = await exchange(`GET /v1/teams HTTP/1.1\r\n${host()}Bad Header\r\nx-request-id:  refused.2 \r\n\r\n`);
    expect(idOf(afterBadHeader!)).toEqual(['refused.2', 'refused.2']);
    const [overflow] = await exchange(`GET /v1/teams HTTP/1.1\r\n${host()}X-Request-Id: refused_3\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(idOf(overflow!)).toEqual(['refused_3', 'refused_3']);
    const [custom] = await exchange(`PURGEALL /v1/teams HTTP/1.1\r\n${host()}X-Request-Id: refused-4\r\n\r\n`);
    expect([custom!.status, ...idOf(custom!)]).toEqual([405, 'refused-4', 'refused-4']);
    const [connectAnswer] = await exchange(
      `CONNECT other.example:443 HTTP/1.1\r\nHost: other.example:443\r\nX-Request-Id: connect-5\r\n\r\n`,
    );
    expect(idOf(connectAnswer!)).toEqual(['connect-5', 'connect-5']);
    // A value the pipeline would not take (spec 7.1: up to 64 letters, digits, `-`, `_`, `.`) gets a new id.
    for (const value of ['not valid!', 'x'.repeat(65)]) {
      const [invalid] = await exchange(`GET /v1/teams HTTP/1.1\r\n${host()}X-Request-Id: ${value}\r\nBad Header\r\n\r\n`);
      expect(idOf(invalid!)[0]).toMatch(/^req_/);
    }
    // Pipelined: the refused request's own header, not the one of the request before it.
    const good = `GET /v1/api-keys/whoami HTTP/1.1\r\n${host()}${bearer()}X-Request-Id: good-1\r\n\r\n`;
    const [first, refused] = await exchange(`${good}GET /v1/teams HTTP/1.1\r\n${host()}Bad Header\r\n\r\n`);
    expect([first!.status, first!.headers.get('x-request-id')![0]]).toEqual([200, 'good-1']);
    expect(idOf(refused!)[0]).toMatch(/^req_/);
    const [, own] = await exchange(`${good}GET /v1/teams HTTP/1.1\r\n${host()}X-Request-Id: own-2\r\nBad Header\r\n\r\n`);
    expect(idOf(own!)).toEqual(['own-2', 'own-2']);
  });

  it('answers a body shorter than its Content-Length 400, not 500', async () => {
    const [answer] = await exchange(
      `POST /v1/leads HTTP/1.1\r\n${host()}${bearer()}Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{"name":`,
    );
    expect(answer!.status).toBe(400);
    expect(envelopeOf(answer!).code).toBe('malformed_request');
  });

  it('answers a missing, doubled or invalid Host 400 (RFC 9112 3.2)', async () => {
    for (const hosts of ['', 'Host: a\r\nHost: b\r\n', 'Host: crm.example/_mock\r\n', 'Host: a b\r\n', 'Host: [::1\r\n']) {
      const [answer] = await exchange(`GET /v1/teams HTTP/1.1\r\n${hosts}${bearer()}\r\n`);
      expect(answer!.status, hosts).toBe(400);
      expect(envelopeOf(answer!).code).toBe('malformed_request');
    }
  });

  it('never routes by the Host header: `Host: crm.example/_mock` with `POST /reset` resets nothing', async () => {
    const [answer] = await exchange(`POST /reset HTTP/1.1\r\nHost: crm.example/_mock\r\nContent-Length: 0\r\n\r\n`);
    expect(answer!.status).toBe(400);
    const [still] = await exchange(`GET /v1/api-keys/whoami HTTP/1.1\r\n${host()}${bearer()}\r\n`);
    expect(still!.status).toBe(200);
    const [plain] = await exchange(`POST /reset HTTP/1.1\r\n${host()}Content-Length: 0\r\n\r\n`);
    expect(plain!.status).toBe(404);
  });

  it('routes an absolute-form target by its path, its authority standing for the Host', async () => {
    const [own] = await exchange(`GET http://127.0.0.1:${port}/v1/api-keys/whoami HTTP/1.1\r\nHost: elsewhere.example\r\n${bearer()}\r\n`);
    expect(own!.status).toBe(200);
    const [other] = await exchange(`GET http://other.example/v1/teams HTTP/1.1\r\n${host()}\r\n`);
    expect(other!.status).toBe(401);
    const [ftp] = await exchange(`GET ftp://other.example/v1/teams HTTP/1.1\r\n${host()}\r\n`);
    expect(envelopeOf(ftp!).code).toBe('malformed_request');
  });

  it('takes `//` and `*` targets as paths of its own origin', async () => {
    const [slashes] = await exchange(`GET //other.example/v1/teams HTTP/1.1\r\n${host()}${bearer()}\r\n`);
    expect(envelopeOf(slashes!).code).toBe('not_found');
    const [star] = await exchange(`OPTIONS * HTTP/1.1\r\n${host()}\r\n`);
    expect(star!.status).toBeLessThan(500);
    envelopeOf(star!);
  });

  it('ignores an expectation it does not know instead of answering a bare 417', async () => {
    const [answer] = await exchange(`GET /v1/api-keys/whoami HTTP/1.1\r\n${host()}${bearer()}Expect: something-else\r\n\r\n`);
    expect(answer!.status).toBe(200);
  });

  it('refuses a body declared over 1 MB under Expect: 100-continue without asking for it', async () => {
    const answers = await exchange(
      `POST /v1/leads HTTP/1.1\r\n${host()}${bearer()}Content-Type: application/json\r\nContent-Length: 2000000\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([413]);
    expect(envelopeOf(answers[0]!).code).toBe('body_too_large');
  });

  it('answers a GET with a body and keeps the connection for the next request', async () => {
    const body = 'x'.repeat(200_000);
    const answers = await exchange(
      `GET /v1/api-keys/whoami HTTP/1.1\r\n${host()}${bearer()}Content-Length: ${body.length}\r\n\r\n${body}GET /v1/api-keys/whoami HTTP/1.1\r\n${host()}${bearer()}\r\n`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it('answers pipelined requests in order, a malformed one behind them last', async () => {
    const good = `GET /v1/api-keys/whoami HTTP/1.1\r\n${host()}${bearer()}\r\n`;
    const answers = await exchange(`${good}${good}GARBAGE\r\n\r\n`);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400]);
    expect(envelopeOf(answers[2]!).code).toBe('malformed_request');
  });

  it('writes a refusal pipelined behind a slow answer after it, though the client has half-closed', async () => {
    const failures = (rules: unknown[]) =>
      fetch(`${running.url}/_mock/failures`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules }),
      });
    await failures([{ operation: 'getWhoami', latency_ms: 300 }]);
    try {
      const good = `GET /v1/api-keys/whoami HTTP/1.1\r\n${host()}${bearer()}\r\n`;
      const answers = await exchange(`${good}GET /v1/teams HTTP/1.1\r\n${host()}Bad Header\r\n\r\n`);
      expect(answers.map((answer) => answer.status)).toEqual([200, 400]);
      expect(envelopeOf(answers[1]!).code).toBe('malformed_request');
    } finally {
      await failures([]);
    }
  });

  it('never runs a request pipelined behind one refused on arrival (issue 24: it ran and was never answered)', async () => {
    const refused = [
      `GET /v1/teams HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n`,
      `GET /v1/teams HTTP/1.1\r\nHost: a b\r\n\r\n`,
      `GET /v1/teams HTTP/1.1\r\n\r\n`,
      `GET ftp://other.example/v1/teams HTTP/1.1\r\n${host()}\r\n`,
      `GET /v1/../v1/teams HTTP/1.1\r\n${host()}\r\n`,
    ];
    const leadsNow = async () =>
      (await (await fetch(`${running.url}/v1/leads?limit=250`, { headers: { authorization: `Bearer ${key}` } })).json()).data.length;
    const before = await leadsNow();
    for (const first of refused) {
      const write = `POST /v1/leads HTTP/1.1\r\n${host()}${bearer()}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
      const answers = await exchange(`${first}${write}`);
      expect([first, answers.map((answer) => answer.status)]).toEqual([first, [400]]);
      expect(answers[0]!.headers.get('connection')).toEqual(['close']);
    }
    expect(await leadsNow()).toBe(before);
  });

  it('refuses dot segments and backslashes in the path: they never reach the control API (issue 24)', async () => {
    const targets = [
      '/v1/../_mock/reset',
      '/v1/%2e%2e/_mock/reset',
      '/v1/%2E./_mock/reset',
      '/api/forms/../../_mock/reset',
      '/v1/./leads',
      '/v1\\..\\_mock\\reset',
      `http://127.0.0.1:${port}/v1/../_mock/reset`,
    ];
    for (const target of targets) {
      const [answer] = await exchange(`POST ${target} HTTP/1.1\r\n${host()}Content-Length: 0\r\n\r\n`);
      expect([target, answer!.status, envelopeOf(answer!).code]).toEqual([target, 400, 'malformed_request']);
    }
    const [still] = await exchange(`GET /v1/api-keys/whoami HTTP/1.1\r\n${host()}${bearer()}\r\n`);
    expect(still!.status).toBe(200);
    // Dots inside a segment are a name, not a dot segment.
    const [named] = await exchange(`GET /v1/leads/..ld_x HTTP/1.1\r\n${host()}${bearer()}\r\n`);
    expect(named!.status).not.toBe(400);
  });

  it('answers a body over 1 MB 413 whatever the framing, also sent in one write with Connection: close', async () => {
    const body = `{"name":"${'x'.repeat(1_500_000)}"}`;
    for (let round = 0; round < 12; round += 1) {
      const answers = await exchange(
        `POST /v1/leads HTTP/1.1\r\n${host()}${bearer()}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(answers.map((answer) => answer.status)).toEqual([413]);
      expect(envelopeOf(answers[0]!).code).toBe('body_too_large');
    }
    const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const answers = await exchange(
      `POST /v1/leads HTTP/1.1\r\n${host()}${bearer()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked}`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([413]);
  });

  it('answers POST /oauth/authorize (the consent form) with a JSON or text body 400 bad_json, not 500', async () => {
    for (const [type, body] of [
      ['application/json', '{}'],
      ['text/plain', '{}'],
      ['application/json', '{"consent_request":"cr_1","decision":"deny"}'],
    ]) {
      const head = `POST /oauth/authorize HTTP/1.1\r\n${host()}Cookie: ${cookie}\r\nAccept: application/json\r\nContent-Type: ${type}\r\n`;
      const [answer] = await exchange(`${head}Content-Length: ${body!.length}\r\n\r\n${body}`);
      expect(answer!.status, `${type} ${body}`).toBe(400);
      expect(envelopeOf(answer!).code).toBe('bad_json');
    }
  });
});
