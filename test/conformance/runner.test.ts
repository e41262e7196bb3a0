// How the suite behaves toward the deployment it checks: it waits out Retry-After, and an
// interrupted run stops early and still deletes what it created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveCheck } from '../../conformance/check.ts';
import { documentedStatus } from '../../conformance/areas/errors/documented-status.ts';
import { errorEnvelope } from '../../conformance/areas/errors/error-envelope.ts';
import { requestId } from '../../conformance/areas/errors/request-id.ts';
import { ConformanceClient } from '../../conformance/client.ts';
import { recordExchange, type Exchange } from '../../conformance/exchange.ts';
import { ruleResults } from '../../conformance/rules/rule-results.ts';
import { judgeExchanges, runConformance } from '../../conformance/run.ts';
import { resolveTarget } from '../../conformance/target.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock, type Mock } from '../../src/mock.ts';

let mock: Mock;
let server: RunningServer;
beforeAll(async () => {
  mock = createMock({ allowPrivateWebhooks: true });
  server = await startServer(mock, { port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

describe('the conformance client', () => {
  it('waits out a 429 with Retry-After and sends the request again', async () => {
    const target = await resolveTarget({ baseUrl: server.url });
    await fetch(`${server.url}/_mock/workspaces/${target.mock!.workspaceId}/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limits: { requests_per_second: 2 } }),
    });
    const client = new ConformanceClient(target);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await client.send('GET', '/v1/api-keys/whoami'));
    await client.close();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(client.exchanges.some((exchange) => exchange.status === 429)).toBe(true);
  });
});

describe('an interrupted run', () => {
  it('stops after the check in progress and deletes the records it made', async () => {
    const stop = new AbortController();
    const report = await runConformance({
      baseUrl: server.url,
      only: ['tags'],
      signal: stop.signal,
      onResult: () => stop.abort(),
    });
    expect(report.results.filter((result) => result.area === 'tags')).toHaveLength(1);
    const workspace = [...mock.state.workspaces.values()].find((candidate) => [...candidate.tables.leads.values()].length > 0);
    const live = workspace ? [...workspace.tables.leads.values()].filter((lead) => lead.deleted_at === null) : [];
    expect(live).toEqual([]);
  });
});

describe('a problem only with operations the spec does not show', () => {
  it('warns against a deployment and fails against a crmkit mock (spec README, reading 3)', async () => {
    const faulty = createMock({ faults: ['not-found-as-409'] });
    const faultyServer = await startServer(faulty, { port: 0, host: '127.0.0.1' });
    try {
      const created = await (await fetch(`${faultyServer.url}/_mock/workspaces`, { method: 'POST' })).json();
      const readUnknownPipeline: ActiveCheck = {
        kind: 'active',
        id: 'test.read-pipeline',
        area: 'leads',
        title: 'reads a pipeline that does not exist',
        spec: '-',
        basis: 'inferred',
        writes: false,
        async run(context) {
          await context.client.send('GET', `/v1/pipelines/pl_${'0'.repeat(26)}`);
        },
      };
      const checks = [readUnknownPipeline, documentedStatus];
      const asDeployment = await runConformance({ baseUrl: faultyServer.url, apiKey: created.api_key, checks });
      const asMock = await runConformance({ baseUrl: faultyServer.url, checks });
      expect(asDeployment.results.find((result) => result.id === documentedStatus.id)?.outcome).toBe('warned');
      expect(asMock.results.find((result) => result.id === documentedStatus.id)?.outcome).toBe('failed');
    } finally {
      await faultyServer.close();
    }
  });
});

describe('a mock that refuses private webhook URLs (no --allow-private-webhooks)', () => {
  it('skips the events and oauth checks whose receiver is on 127.0.0.1, saying why, and fails none', async () => {
    const plain = createMock();
    const plainServer = await startServer(plain, { port: 0, host: '127.0.0.1' });
    try {
      const report = await runConformance({ baseUrl: plainServer.url, only: ['events', 'oauth'] });
      const failed = report.results.filter((result) => result.outcome === 'failed').map((result) => `${result.id}: ${result.message}`);
      expect(failed).toEqual([]);
      expect(report.rules.filter((rule) => rule.outcome === 'failed').map((rule) => rule.id)).toEqual([]);
      const skipped = new Map(report.results.filter((result) => result.outcome === 'skipped').map((result) => [result.id, result.message]));
      for (const id of ['events.app-lifecycle', 'events.lifecycle-retries', 'oauth.secret-rotation'])
        expect(skipped.get(id), id).toMatch(/--allow-private-webhooks/);
    } finally {
      await plainServer.close();
    }
  }, 300_000);
});

/** An answer to GET /v1/leads/{id} as a deployment might give it. */
function answer(status: number, body: unknown, headers: Record<string, string> = { 'x-request-id': 'req-1' }): Exchange {
  const text = JSON.stringify(body);
  const url = `http://127.0.0.1:1/v1/leads/ld_${'0'.repeat(26)}`;
  const responseHeaders = { 'content-type': 'application/json; charset=utf-8', ...headers };
  return recordExchange({
    method: 'GET',
    url,
    requestHeaders: {},
    requestBody: undefined,
    status,
    responseHeaders,
    text,
    sentRequestId: undefined,
  });
}
const envelope = (code: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message: 'm', request_id: 'req-1', docs_url: `https://docs.example/errors/${code}`, ...extra },
});
const observed = (observer: typeof errorEnvelope, exchanges: Exchange[]) => ruleResults([judgeExchanges(observer, exchanges, true)], true);
const outcomeOf = (rules: ReturnType<typeof observed>, id: string) => rules.find((rule) => rule.id === id)?.outcome;

describe('observers judge rules from what they saw (issue 22)', () => {
  it('errors.internal: a 500 with another code fails it (no other code rule); no 500 seen leaves it not exercised', () => {
    const crashed = observed(errorEnvelope, [
      answer(500, envelope('oops')),
      answer(422, envelope('validation_failed', { fields: { name: 'm' } })),
    ]);
    expect(outcomeOf(crashed, 'errors.internal')).toBe('failed');
    expect(outcomeOf(crashed, 'errors.code-status')).toBe('passed');
    expect(outcomeOf(observed(errorEnvelope, [answer(500, envelope('internal'))]), 'errors.internal')).toBe('passed');
    expect(outcomeOf(observed(errorEnvelope, [answer(404, envelope('not_found'))]), 'errors.internal')).toBe('not-exercised');
  });

  it('not_found and invalid_token: a wrong status fails the status rule of 7.2 alone (errors.status-404, errors.status-401), not errors.code-status', () => {
    const wrong = observed(errorEnvelope, [answer(409, envelope('not_found')), answer(403, envelope('invalid_token'))]);
    expect(['errors.status-404', 'errors.status-401', 'errors.code-status'].map((id) => outcomeOf(wrong, id))).toEqual([
      'failed',
      'failed',
      'not-exercised',
    ]);
    const right = observed(errorEnvelope, [answer(404, envelope('not_found'))]);
    expect([outcomeOf(right, 'errors.status-404'), outcomeOf(right, 'errors.status-401')]).toEqual(['passed', 'not-exercised']);
  });

  it("documented statuses: a status of 7.2's table the operation does not list breaks the per-operation reading alone; one outside 7.2 and the document breaks the stated rule", () => {
    const conflict = observed(documentedStatus, [answer(409, envelope('not_found'))]);
    expect(['errors.documented-statuses', 'errors.documented-statuses-operation'].map((id) => outcomeOf(conflict, id))).toEqual([
      'passed',
      'failed',
    ]);
    const teapot = observed(documentedStatus, [answer(418, envelope('not_found'))]);
    expect(outcomeOf(teapot, 'errors.documented-statuses')).toBe('failed');
    const listed = observed(documentedStatus, [answer(404, envelope('not_found'))]);
    expect(['errors.documented-statuses', 'errors.documented-statuses-operation'].map((id) => outcomeOf(listed, id))).toEqual([
      'passed',
      'passed',
    ]);
  });

  it('errors.forbidden: judged on forbidden answers only (its status); its missing permission is errors.extra-permission', () => {
    const none = observed(errorEnvelope, [answer(404, envelope('not_found'))]);
    expect([outcomeOf(none, 'errors.forbidden'), outcomeOf(none, 'errors.extra-permission')]).toEqual(['not-exercised', 'not-exercised']);
    const bare = observed(errorEnvelope, [answer(403, envelope('forbidden'))]);
    expect([outcomeOf(bare, 'errors.forbidden'), outcomeOf(bare, 'errors.extra-permission')]).toEqual(['passed', 'failed']);
    const wrongStatus = observed(errorEnvelope, [answer(400, envelope('forbidden', { permission: 'teams.write' }))]);
    expect([outcomeOf(wrongStatus, 'errors.forbidden'), outcomeOf(wrongStatus, 'errors.code-status')]).toEqual(['failed', 'not-exercised']);
  });

  it('reports every problem it saw, each once per rule with a count and the first exchanges as evidence', () => {
    const exchanges = [1, 2, 3, 4].map(() => answer(404, envelope('not_found'), {}));
    const result = judgeExchanges(requestId, [...exchanges, answer(404, envelope('not_found'))], true);
    expect(result.outcome).toBe('failed');
    const [header] = ruleResults([result], true).filter((rule) => rule.id === 'errors.request-id-header');
    expect(header!.message).toBe('no X-Request-Id header (4 exchanges)');
    expect(header!.evidence!.match(/^GET /gm)).toHaveLength(3);
    expect(header!.evidence).toContain('(the first 3 of 4 exchanges)');
    const otherId = answer(404, envelope('not_found', { request_id: 'other' }));
    const twoProblems = judgeExchanges(errorEnvelope, [answer(404, envelope('Not Found')), otherId], true);
    expect(twoProblems.message).toContain('error.code Not Found is not snake_case');
    expect(twoProblems.message).toContain('error.request_id other differs from X-Request-Id req-1');
  });
});
