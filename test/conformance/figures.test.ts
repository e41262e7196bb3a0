// The two figures (conformance/rules/figures.ts) and what a target offers the catalog's needs
// (conformance/rules/target-offer.ts), computed on fixed reports and options; every reporter shows them.
import { describe, expect, it } from 'vitest';
import { htmlReport } from '../../conformance/report/html.ts';
import { junitReport } from '../../conformance/report/junit.ts';
import { prettyReport } from '../../conformance/report/pretty.ts';
import { rulesById, type Rule } from '../../conformance/rules/catalog.ts';
import { couldJudgeOn, figuresLine, figuresOf } from '../../conformance/rules/figures.ts';
import type { RuleOutcome, RuleResult } from '../../conformance/rules/rule-results.ts';
import { offerOf, unmetNeeds } from '../../conformance/rules/target-offer.ts';
import { withUnreachedReasons } from '../../conformance/rules/unreached-reasons.ts';
import type { Report } from '../../conformance/run.ts';
import { listRules } from '../../src/cli/list-rules.ts';

const ruleOf = (extra: Partial<Rule>): Rule => ({
  id: 'a.one',
  section: '4.2',
  rule: 'a rule',
  needs: ['key'],
  checks: ['c'],
  area: 'leads',
  file: 'leads/rules.yaml',
  ...extra,
});
const resultOf = (id: string, outcome: RuleOutcome, message?: string): RuleResult => ({
  id,
  section: '4.2',
  rule: `rule ${id}`,
  needs: ['key'],
  checks: ['c'],
  outcome,
  ...(message ? { message } : {}),
});
const never = () => false;
const LINE = 'judged on this target: 3 of 5 observable rules (60 %); this target could let the suite judge 4 (80 %)';
const deployment = { apiKey: 'svc_live_owner' };

describe('what a target offers', () => {
  it('a mock (no API key) offers every need and any wait; a deployment what its inputs give', () => {
    const mock = offerOf({ baseUrl: 'http://127.0.0.1:1' });
    expect(unmetNeeds(ruleOf({ needs: ['control', 'consent', 'receiver'], waitMinutes: 4320 }), mock, never)).toEqual([]);
    const bare = offerOf(deployment);
    expect(unmetNeeds(ruleOf({ needs: ['key'] }), bare, never)).toEqual([]);
    expect(unmetNeeds(ruleOf({ needs: ['key', 'limited-key', 'receiver'] }), bare, never)).toEqual([
      'needs a key without some scopes (limited_key or limited_keys, --limited-key, --limited-keys)',
      expect.stringContaining('webhook_receiver_url'),
    ]);
    const given = offerOf({ ...deployment, limitedKey: 'k', webhookReceiverUrl: 'https://receiver.example' });
    expect(unmetNeeds(ruleOf({ needs: ['key', 'limited-key', 'receiver'] }), given, never)).toEqual([]);
  });

  it('a deployment waits out minutes with --wait-for-retries, never hours', () => {
    const minutes = ruleOf({ waitMinutes: 3 });
    const hours = ruleOf({ waitMinutes: 1500 });
    expect(unmetNeeds(minutes, offerOf(deployment), never)).toEqual(['waits 3 min: give --wait-for-retries']);
    expect(unmetNeeds(minutes, offerOf({ ...deployment, waitForRetries: true }), never)).toEqual([]);
    const waiting = offerOf({ ...deployment, waitForRetries: true });
    expect(unmetNeeds(hours, waiting, never)).toEqual([expect.stringMatching(/^waits 25 h: .*minutes only/)]);
  });

  it('control is never offered by a deployment, consent only with a hub member; a read-only run judges no rule whose checks all write', () => {
    const offer = offerOf({ ...deployment, readOnly: true });
    expect(unmetNeeds(ruleOf({ needs: ['control'] }), offer, never)).toEqual([expect.stringContaining("only a crmkit mock's control API")]);
    const withClient = offerOf({ ...deployment, clientId: 'app_1' });
    const consent = ruleOf({ needs: ['oauth-client', 'consent'] });
    expect(unmetNeeds(consent, withClient, never)).toEqual([expect.stringContaining('hub_member signing in to the hub')]);
    const withMember = offerOf({ ...deployment, clientId: 'app_1', hubMember: { email: 'owner@example.com', password: 'secret' } });
    expect(unmetNeeds(consent, withMember, never)).toEqual([]);
    expect(unmetNeeds(ruleOf({}), offer, () => true)).toEqual(['its checks send writes; the run is read-only']);
    expect(unmetNeeds(ruleOf({ checks: ['writes', 'reads'] }), offer, (check) => check === 'writes')).toEqual([]);
  });

  it('an unobservable or unchecked rule is never one a target could let the suite judge', () => {
    const mock = offerOf({});
    expect(unmetNeeds(ruleOf({ checks: [], unobservable: 'emails' }), mock, never)).toEqual(['no call of the interface can observe it']);
    expect(unmetNeeds(ruleOf({ checks: [] }), mock, never)).toEqual(['no check judges it yet']);
  });
});

describe('the two figures', () => {
  const rules = [
    resultOf('a.passed', 'passed'),
    resultOf('a.failed', 'failed'),
    resultOf('a.warned', 'warned'),
    resultOf('a.skipped', 'skipped', 'needs a form'),
    resultOf('a.unchecked', 'not-checked'),
    resultOf('a.unobservable', 'unobservable'),
  ];

  it('judged counts the observable rules that passed, failed or warned; could-judge those the target meets', () => {
    const figures = figuresOf(rules, (id) => id !== 'a.unchecked');
    expect(figures).toEqual({ observable: 5, judged: 3, couldJudge: 4 });
    expect(figuresLine(figures)).toBe(LINE);
  });

  it('are shown in the pretty and HTML headers and as JUnit properties', () => {
    const summary = { observable: 5, judged: 3, couldJudge: 4 };
    const report: Report = { target: { baseUrl: 'https://api.example', mock: false }, runId: 'r1', results: [], rules, summary };
    expect(prettyReport(report).split('\n').slice(0, 4).join('\n')).toContain(LINE);
    expect(htmlReport(report)).toContain(`<p class="figures">${LINE}</p>`);
    const junit = junitReport(report);
    for (const [name, value] of [
      ['observable-rules', 5],
      ['judged-on-this-target', 3],
      ['this-target-could-judge', 4],
    ]) {
      expect(junit).toContain(`<property name="${name}" value="${value}"/>`);
    }
  });

  it("follow the catalog's needs: a retry rule a deployment shows with a receiver and waiting only", () => {
    const judgeable = (options: object) => couldJudgeOn(offerOf({ ...deployment, ...options }))('webhooks.event-id-same-on-retry');
    expect(rulesById().get('webhooks.event-id-same-on-retry')?.waitMinutes).toBe(3);
    expect(judgeable({})).toBe(false);
    expect(judgeable({ webhookReceiverUrl: 'https://receiver.example' })).toBe(false);
    expect(judgeable({ webhookReceiverUrl: 'https://receiver.example', waitForRetries: true })).toBe(true);
  });
});

describe('a rule its check did not reach', () => {
  it('is skipped for the needs this target does not meet, and keeps its message where the needs are met', () => {
    const unreached = (id: string) => resultOf(id, 'skipped', 'not judged: x did not reach it in this run');
    const rules = [unreached('conversations.counts-all'), unreached('leads.filter-company')];
    const [control, met] = withUnreachedReasons(rules, offerOf(deployment));
    expect(control!.message).toMatch(/^not judged on this target: needs only a crmkit mock's control API/);
    expect(met!.message).toBe('not judged: x did not reach it in this run');
  });
});

describe('--list-rules with a target', () => {
  it('says of each rule whether this target could let the suite judge it, why not, and how many', () => {
    const offer = offerOf({ ...deployment, webhookReceiverUrl: 'https://receiver.example' });
    const { rules, summary } = JSON.parse(listRules('json', offer));
    type Entry = { id: string; couldJudge: boolean; unobservable?: string };
    const retry = rules.find((rule: Entry) => rule.id === 'webhooks.event-id-same-on-retry');
    const unmet = ['waits 3 min: give --wait-for-retries'];
    expect(retry).toMatchObject({ needs: ['key', 'receiver'], waitMinutes: 3, couldJudge: false, unmet });
    expect(summary.couldJudge).toBe(rules.filter((rule: Entry) => rule.couldJudge && !rule.unobservable).length);
    const pretty = listRules('pretty', offer);
    expect(pretty).toContain(`on a deployment needs: key, receiver, waits 3 min\n      not on this target: ${unmet[0]}`);
    const count = `this target could let the suite judge ${summary.couldJudge} of ${summary.observable} observable rules`;
    expect(pretty.endsWith(`${count}\n`)).toBe(true);
    expect(listRules('pretty', undefined)).not.toContain('this target');
  });
});
