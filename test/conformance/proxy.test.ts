// The validating proxy (`crmkit proxy`): it forwards unchanged, and judges every exchange with
// the suite's observers, live and in its report.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startValidatingProxy, type ProxyProblem, type ValidatingProxy } from '../../conformance/proxy/validating-proxy.ts';
import { htmlReport } from '../../conformance/report/html.ts';
import { junitReport } from '../../conformance/report/junit.ts';
import { prettyReport } from '../../conformance/report/pretty.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { endWithTheTest } from '../support/crmkit-process.ts';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0)) await item.close();
});

async function mockBehindProxy(
  faults: string[] = [],
): Promise<{ server: RunningServer; proxy: ValidatingProxy; key: string; live: ProxyProblem[] }> {
  const mock = createMock({ faults });
  const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  const created = await (await fetch(`${server.url}/_mock/workspaces`, { method: 'POST' })).json();
  const live: ProxyProblem[] = [];
  const proxy = await startValidatingProxy({ target: server.url, onProblem: (problem) => live.push(problem) });
  running.push(server, proxy);
  return { server, proxy, key: created.api_key, live };
}

describe('the validating proxy', () => {
  it('forwards requests and answers unchanged, and finds no problem with a sound deployment', async () => {
    const { server, proxy, key } = await mockBehindProxy();
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': 'through-the-proxy' };
    const created = await fetch(`${proxy.url}/v1/leads`, { method: 'POST', headers, body: JSON.stringify({ name: 'Proxied' }) });
    const lead = await created.json();
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe('through-the-proxy');
    const direct = await (await fetch(`${server.url}/v1/leads/${lead.id}`, { headers })).json();
    expect(direct).toEqual(lead);
    const refused = await fetch(`${proxy.url}/v1/leads`, { method: 'POST', headers, body: '{"colour": "red"}' });
    expect(refused.status).toBe(400);
    expect(proxy.exchanges.map((exchange) => exchange.operation?.id)).toEqual(['createLead', 'createLead']);
    expect(proxy.problems).toEqual([]);
    const report = proxy.report();
    expect(report.results.every((result) => result.outcome === 'passed')).toBe(true);
    expect(report.rules.length).toBeGreaterThan(0);
  });

  it('forwards the control API (/_mock) unjudged and lists it in the report as not judged', async () => {
    // A fault that breaks every answer's X-Request-Id: a control call judged as the CRM interface would be a problem.
    const { proxy, key } = await mockBehindProxy(['no-request-id']);
    const made = await fetch(`${proxy.url}/_mock/workspaces`, { method: 'POST' });
    expect(made.status).toBe(201);
    expect((await fetch(`${proxy.url}/_mock/workspaces/ws_nope/clock`)).status).toBe(404);
    await fetch(`${proxy.url}/v1/api-keys/whoami`, { headers: { authorization: `Bearer ${key}` } });
    expect(proxy.exchanges.map((exchange) => exchange.operation?.id)).toEqual(['getWhoami']);
    expect(proxy.notJudged.map((exchange) => new URL(exchange.request.url).pathname)).toEqual([
      '/_mock/workspaces',
      '/_mock/workspaces/ws_nope/clock',
    ]);
    expect(proxy.problems.every((problem) => !problem.exchange.request.url.includes('/_mock'))).toBe(true);
    const report = proxy.report();
    expect(report.notJudged).toEqual([{ what: "control API (/_mock): the mock's own routes, not the CRM interface", exchanges: 2 }]);
    expect(prettyReport(report)).toContain("not judged: control API (/_mock): the mock's own routes, not the CRM interface, 2 exchanges");
    expect(htmlReport(report)).toContain('Not judged: control API (/_mock)');
    expect(junitReport(report)).toMatch(
      /<testsuite name="not judged" tests="1" failures="0" skipped="1">\n {4}<testcase classname="proxy.not-judged" name="control API \(\/_mock\)[^"]*" time="0"><skipped message="not judged: 2 exchanges"\/>/,
    );
  });

  it('reports a problem live and in its report, with the rule it breaks', async () => {
    const { proxy, key, live } = await mockBehindProxy(['no-request-id']);
    await fetch(`${proxy.url}/v1/api-keys/whoami`, { headers: { authorization: `Bearer ${key}` } });
    expect(live.map((problem) => problem.check)).toContain('errors.request-id');
    const report = proxy.report();
    expect(report.results.find((result) => result.id === 'errors.request-id')?.outcome).toBe('failed');
    expect(report.rules.some((rule) => rule.outcome === 'failed' && rule.checks.includes('errors.request-id'))).toBe(true);
  });

  it('attributes each problem to the rule it breaks only, worded with the header as it is, and titles its report as a proxy run', async () => {
    const { server, proxy, key, live } = await mockBehindProxy(['no-request-id', 'unknown-id-crashes']);
    const crashed = await fetch(`${proxy.url}/v1/leads/lead_doesnotexist`, {
      headers: { authorization: `Bearer ${key}`, 'x-request-id': 'mine-1' },
    });
    expect(crashed.status).toBe(500);
    // No header at all is the header's rule only, not also a body's request_id that differs from it (one behaviour, one rule).
    expect(
      live.filter((problem) => problem.rule.startsWith('errors.request-id')).map((problem) => [problem.rule, problem.problem]),
    ).toEqual([['errors.request-id-header', 'no X-Request-Id header']]);
    expect(live.map((problem) => problem.problem).join('\n')).not.toContain('undefined');
    const report = proxy.report();
    const failed = report.rules.filter((rule) => rule.outcome === 'failed').map((rule) => rule.id);
    // A 500 answer breaks no rule about rate_limited, forbidden, missing_scope, gone, tag_exists or limit_reached.
    expect(failed).toEqual(expect.arrayContaining(['errors.request-id-header']));
    expect(report.rules.find((rule) => rule.id === 'errors.request-id-in-body')?.outcome).toBe('not-exercised');
    expect(
      failed.filter(
        (id) =>
          id.startsWith('errors.extra-') ||
          [
            'errors.envelope',
            'errors.code-snake-case',
            'errors.code-status',
            'errors.complete-list-not-shown',
            'errors.request-id-own',
          ].includes(id),
      ),
    ).toEqual([]);
    // No rate_limited answer was seen: its rule is not exercised, not passed (issue 22).
    expect(report.rules.find((rule) => rule.id === 'errors.extra-rate-limited')?.outcome).toBe('not-exercised');
    const pretty = prettyReport(report);
    expect(pretty).toContain(`crmkit proxy in front of ${server.url} (at ${proxy.url})`);
    expect(pretty).not.toContain('conformance of');
    const html = htmlReport(report);
    expect(html).toContain(`<h1>crmkit proxy in front of ${server.url}</h1>`);
    expect(html).not.toContain('A deployment');
  });

  it('crmkit proxy prints a line per problem and exits 1 with the report when stopped, its summary saying so', async () => {
    const { server, key } = await mockBehindProxy(['no-request-id']);
    const run = await proxyCommand(
      server.url,
      (url) => fetch(`${url}/v1/api-keys/whoami`, { headers: { authorization: `Bearer ${key}` } }),
      '✗ errors.request-id',
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('rules by part');
    expect(run.stdout).toContain(': failed (exit status 1)');
    expect(run.stdout).toMatch(/\d+ rules: \d+ passed, [1-9]\d* failed/);
  });

  it('crmkit proxy exits 0 when its problems only warn (rules the spec leaves open), and its summary agrees (issue 22)', async () => {
    const { server, key } = await mockBehindProxy(['unknown-id-crashes']);
    const headers = { authorization: `Bearer ${key}` };
    const run = await proxyCommand(
      server.url,
      (url) => fetch(`${url}/v1/leads/ld_${'0'.repeat(26)}`, { headers }),
      '✗ errors.no-server-error',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(': passed (exit status 0)');
    expect(run.stdout).toMatch(/\d+ rules: \d+ passed, 0 failed, [1-9]\d* warned/);
  });
});

/** `crmkit proxy` in front of the target: sends a request through it, waits for the problem line, stops it with Ctrl-C (killed when its test ends). */
async function proxyCommand(
  target: string,
  send: (url: string) => Promise<unknown>,
  problem: string,
): Promise<{ code: unknown; stdout: string }> {
  const child = spawn(process.execPath, [
    new URL('../../bin/crmkit.js', import.meta.url).pathname,
    'proxy',
    '--target',
    target,
    '--port',
    '0',
  ]);
  endWithTheTest(child);
  const ended = new Promise((resolve) => child.once('exit', resolve));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/crmkit proxy on (http:\/\/127\.0\.0\.1:\d+)/);
  await send(/crmkit proxy on (\S+)/.exec(stdout)![1]!);
  await expect.poll(() => stderr, { timeout: 60_000 }).toContain(problem);
  child.kill('SIGINT');
  return { code: await ended, stdout };
}
