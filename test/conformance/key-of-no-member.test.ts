// Spec 2.7 gives `member.is_me` but ties no API key to a member: against a deployment whose key
// acts for no member, the lead checks still find two members to own leads, judge every rule, and
// skip only `owner=me` (which names the key's own member), saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetOptionsOf } from '../../harness/inputs.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { API_KEY_SCOPES } from '../../src/auth/api-key.ts';
import { prepareStandIn } from '../../src/cli/stand-in.ts';
import { createMock } from '../../src/mock.ts';
import { addApiKey } from '../../src/workspaces/create-workspace.ts';

let server: RunningServer;
let report: Report;

beforeAll(async () => {
  const mock = createMock({ controlApi: false });
  server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  const { workspace, inputs } = await prepareStandIn(mock.state, mock.state.config.urls);
  const memberless = addApiKey(mock.state, workspace, { name: 'QA no member', scopes: [...API_KEY_SCOPES], role: 'owner' });
  report = await runConformance({
    ...targetOptionsOf({ ...inputs, api_key: memberless.key }),
    only: ['leads.update', 'leads.list-filters'],
  });
}, 300_000);
afterAll(async () => server?.close());

describe('a key that acts for no member (no member is_me)', () => {
  it('judges the lead update and list filters with two other members', () => {
    const of = (check: string) => report.rules.filter((rule) => rule.checks.includes(check) && rule.id !== 'leads.filter-owner-me');
    const rules = [...of('leads.update'), ...of('leads.list-filters')];
    expect(rules.length).toBeGreaterThan(20);
    for (const rule of rules) expect([rule.id, rule.outcome]).toEqual([rule.id, 'passed']);
  });

  it("skips owner=me only, saying that no member is the key's own", () => {
    const ownerMe = report.rules.find((rule) => rule.id === 'leads.filter-owner-me');
    expect(ownerMe?.outcome).toBe('skipped');
    expect(ownerMe?.message).toMatch(/no member is is_me: the key acts for no member/);
  });
});
