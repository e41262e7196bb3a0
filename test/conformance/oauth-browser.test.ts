// Consent on a deployment in headless Chromium (conformance/kits/hub-browser.ts): against a stand-in,
// which has no control API, the suite signs in to the hub as the inputs' hub_member and clicks
// approve or deny. The flow's rules are judged there: named OAuth faults are caught through the
// browser; a hub whose pages have other ids is driven by the selectors the inputs give.
import { describe, expect, it } from 'vitest';
import { targetOptionsOf } from '../../harness/inputs.ts';
import type { HubSelectors } from '../../harness/hub-inputs.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import type { OtherReading } from '../../src/other-readings/other-reading.ts';
import { startStandIn } from '../support/stand-in.ts';

/** The checks that need an approval, and the rules each judges through the browser. */
const FLOW_CHECKS = ['oauth.authorization-code-flow', 'oauth.consent', 'oauth.code-single-use', 'oauth.pkce', 'oauth.refresh-rotation'];

type RunOptions = { faults?: string[]; otherReadings?: OtherReading[]; selectors?: Partial<HubSelectors> };

async function runOnStandIn(only: string[], options: RunOptions = {}): Promise<Report> {
  const standIn = await startStandIn(options);
  try {
    const inputs = { ...standIn.inputs, ...(options.selectors ? { hub_selectors: options.selectors } : {}) };
    return await runConformance({ ...targetOptionsOf(inputs), only });
  } finally {
    await standIn.server.close();
  }
}

const outcomeOf = (report: Report, id: string) => report.results.find((result) => result.id === id);
const ruleOutcome = (report: Report, id: string) => report.rules.find((rule) => rule.id === id)?.outcome;

/** The same hub with other ids on its pages (the spec shows none of them): only other selectors find its fields. */
const RENAMED: Record<string, string> = {
  'signin-email': 'login-user',
  'signin-password': 'login-secret',
  'signin-submit': 'login-go',
  'consent-approve': 'grant-access',
  'consent-deny': 'refuse-access',
};
const renamedHubPages: OtherReading = {
  name: 'hub-pages-other-ids',
  description: "The hub's sign-in and consent pages give their fields and buttons other ids.",
  leftOpenBy: '5.2: the hub is the "user-facing sign-in and consent site"; none of its pages is shown.',
  wrap: (next) => async (request, info) => {
    const response = await next(request, info);
    if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
    const html = (await response.text()).replace(/id="([\w-]+)"/g, (whole, id: string) => (RENAMED[id] ? `id="${RENAMED[id]}"` : whole));
    return new Response(html, { status: response.status, headers: response.headers });
  },
};

describe('OAuth consent through the hub in headless Chromium', () => {
  it('judges the flow on a stand-in: approval, denial, PKCE, single-use codes, rotation and theft, revocation', async () => {
    const report = await runOnStandIn([...FLOW_CHECKS, 'oauth.revoke-cascade']);
    expect(report.results.filter((result) => result.outcome !== 'passed').map((result) => `${result.id}: ${result.message}`)).toEqual([]);
    const judged = [
      'oauth.code-single-use',
      'oauth.code-reuse-revokes',
      'oauth.pkce-challenge-s256',
      'oauth.refresh-rotates',
      'oauth.refresh-old-stops',
      'oauth.refresh-reuse-revokes-all',
      'oauth.revoke-refresh-cascade',
      'oauth.denial-access-denied',
      'oauth.state-500-printable',
      'oauth.authorize-redirect-optional',
    ];
    const outcomes = Object.fromEntries(judged.map((rule) => [rule, ruleOutcome(report, rule)]));
    expect(outcomes).toEqual(Object.fromEntries(judged.map((rule) => [rule, 'passed'])));
  }, 180_000);

  // Each fault breaks a rule only an approved code reaches: the browser gave the approval.
  const FAULTS: [fault: string, check: string, rule: string][] = [
    ['code-reuse-accepted', 'oauth.code-single-use', 'oauth.code-single-use'],
    ['pkce-not-checked', 'oauth.pkce', 'oauth.pkce-challenge-s256'],
    ['refresh-not-rotated', 'oauth.refresh-rotation', 'oauth.refresh-rotates'],
  ];
  for (const [fault, check, rule] of FAULTS) {
    it(`catches ${fault} through the browser (${rule})`, async () => {
      const report = await runOnStandIn([check], { faults: [fault] });
      expect(outcomeOf(report, check)?.outcome, outcomeOf(report, check)?.message).toBe('failed');
      expect(ruleOutcome(report, rule)).toBe('failed');
    }, 120_000);
  }

  it("drives a hub whose pages have other ids by the inputs' hub_selectors", async () => {
    // The pages really have other ids: crmkit's own selectors find nothing on them.
    const html = '<input id="signin-email"><button id="consent-approve">';
    const original = async () => new Response(html, { headers: { 'content-type': 'text/html' } });
    const page = await renamedHubPages.wrap(original, undefined as never)(new Request('http://hub.test/'));
    expect(await page.text()).toBe('<input id="login-user"><button id="grant-access">');
    const selectors = {
      signin_email: '#login-user',
      signin_password: '#login-secret',
      signin_submit: '#login-go',
      consent_approve: '#grant-access',
      consent_deny: '#refuse-access',
    };
    const report = await runOnStandIn(['oauth.authorization-code-flow', 'oauth.consent'], { otherReadings: [renamedHubPages], selectors });
    expect(report.results.map((result) => [result.id, result.outcome, result.message])).toEqual([
      ['oauth.authorization-code-flow', 'passed', undefined],
      ['oauth.consent', 'passed', undefined],
    ]);
    expect(ruleOutcome(report, 'oauth.denial-access-denied')).toBe('passed');
  }, 120_000);
});
