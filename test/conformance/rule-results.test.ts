// How check results become rule results (conformance/rules/rule-results.ts).
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../conformance/rules/catalog.ts';
import { ruleResults } from '../../conformance/rules/rule-results.ts';
import type { CheckResult } from '../../conformance/run.ts';

const rule = (id: string, checks: string[], extra: Partial<Rule> = {}): Rule => ({
  id,
  section: '4.2',
  rule: `rule ${id}`,
  needs: ['key'],
  checks,
  area: 'leads',
  file: 'leads/rules.yaml',
  ...extra,
});
const result = (id: string, outcome: CheckResult['outcome'], extra: Partial<CheckResult> = {}): CheckResult => ({
  id,
  area: 'leads',
  title: id,
  spec: '4.2',
  basis: 'documented',
  outcome,
  ms: 1,
  ...extra,
});
const outcomes = (rules: Rule[], results: CheckResult[], mock = true) =>
  Object.fromEntries(ruleResults(results, mock, rules).map((r) => [r.id, r.outcome]));

describe('rule results', () => {
  it('a passed check passes every rule it judges; a rule without checks is not checked, or not observable with its reason', () => {
    const rules = [rule('a.one', ['c']), rule('a.two', ['c']), rule('a.three', []), rule('a.four', [], { unobservable: 'emails' })];
    expect(outcomes(rules, [result('c', 'passed')])).toEqual({
      'a.one': 'passed',
      'a.two': 'passed',
      'a.three': 'not-checked',
      'a.four': 'unobservable',
    });
  });

  it('a problem judged for one rule fails that rule only, when the check went on to its end', () => {
    const rules = [rule('a.one', ['c']), rule('a.two', ['c'])];
    const checked = result('c', 'failed', { message: 'x', judged: [{ rule: 'a.one', problem: 'wrong' }, { rule: 'a.two' }] });
    expect(outcomes(rules, [checked])).toEqual({ 'a.one': 'failed', 'a.two': 'passed' });
    const unjudged = result('c', 'failed', { message: 'x', judged: [{ rule: 'a.one', problem: 'wrong' }] });
    expect(outcomes(rules, [unjudged])).toEqual({ 'a.one': 'failed', 'a.two': 'skipped' });
  });

  it('a rule that a check judging rule by rule did not reach is skipped, not passed', () => {
    const rules = [rule('a.one', ['c']), rule('a.two', ['c'])];
    const results = ruleResults([result('c', 'passed', { judged: [{ rule: 'a.one' }] })], true, rules);
    expect(results.map((r) => r.outcome)).toEqual(['passed', 'skipped']);
    expect(results[1]!.message).toContain('did not reach it');
  });

  it('a rule a check left unjudged on purpose is skipped with its reason', () => {
    const rules = [rule('a.one', ['c']), rule('a.two', ['c'])];
    const results = ruleResults(
      [result('c', 'passed', { judged: [{ rule: 'a.one' }, { rule: 'a.two', skipped: 'not safe on a deployment' }] })],
      true,
      rules,
    );
    expect(results.map((r) => [r.outcome, r.message])).toEqual([
      ['passed', undefined],
      ['skipped', 'not safe on a deployment'],
    ]);
  });

  it('a check stopped at one rule leaves its other rules not judged (skipped, saying why)', () => {
    const rules = [rule('a.one', ['c']), rule('a.two', ['c'])];
    const stopped = result('c', 'failed', { stopped: true, judged: [{ rule: 'a.one', problem: 'wrong' }] });
    const results = ruleResults([stopped], true, rules);
    expect(results.map((r) => r.outcome)).toEqual(['failed', 'skipped']);
    expect(results[1]!.message).toContain('stopped at a failure of a.one');
  });

  it('a failure that names no rule fails every rule of the check', () => {
    const rules = [rule('a.one', ['c']), rule('a.two', ['c'])];
    expect(outcomes(rules, [result('c', 'failed', { stopped: true, message: 'broken' })])).toEqual({
      'a.one': 'failed',
      'a.two': 'failed',
    });
  });

  it('the worst verdict of several checks wins; a skipped check alone skips the rule with its reason', () => {
    const rules = [rule('a.one', ['c', 'd']), rule('a.two', ['d'])];
    const results = ruleResults([result('c', 'passed'), result('d', 'skipped', { message: 'needs --form-id' })], true, rules);
    expect(results.map((r) => [r.outcome, r.message])).toEqual([
      ['passed', undefined],
      ['skipped', 'needs --form-id'],
    ]);
    expect(outcomes(rules, [result('c', 'failed'), result('d', 'passed')])['a.one']).toBe('failed');
  });

  it("a rule whose words the spec leaves open warns against a deployment and fails against crmkit's own mock", () => {
    const rules = [rule('a.open', ['c'], { reading: 'not shown; read as...' })];
    const failing = [result('c', 'failed', { message: 'x' })];
    expect(outcomes(rules, failing, false)['a.open']).toBe('warned');
    expect(outcomes(rules, failing, true)['a.open']).toBe('failed');
  });

  it('a rule whose checks were not selected is skipped, saying so', () => {
    const [only] = ruleResults([], true, [rule('a.one', ['c'])]);
    expect(only!.outcome).toBe('skipped');
    expect(only!.message).toContain('not selected');
  });

  it('a rule its observer saw no exchange bear on is not exercised, not passed; another check that judged it wins', () => {
    const rules = [rule('a.seen', ['o']), rule('a.unseen', ['o']), rule('a.both', ['o', 'c'])];
    const unseen = { notExercised: 'no exchange bore on it' };
    const observed = result('o', 'passed', {
      judged: [{ rule: 'a.seen' }, { rule: 'a.unseen', ...unseen }, { rule: 'a.both', ...unseen }],
    });
    const results = ruleResults([observed, result('c', 'passed')], true, rules);
    expect(results.map((r) => [r.id, r.outcome, r.message])).toEqual([
      ['a.seen', 'passed', undefined],
      ['a.unseen', 'not-exercised', 'no exchange bore on it'],
      ['a.both', 'passed', undefined],
    ]);
  });

  it('a rule with several problems reports every one, each once with its count', () => {
    const bad = { rule: 'a.one', problem: 'a bad header' };
    const judged = [{ rule: 'a.one', problem: 'no header', count: 3, evidence: 'GET /a' }, bad, bad];
    const [only] = ruleResults([result('c', 'failed', { judged })], true, [rule('a.one', ['c'])]);
    expect([only!.outcome, only!.message, only!.evidence]).toEqual(['failed', 'no header (3 exchanges); a bad header', 'GET /a']);
  });

  it('inferred is per assertion: a stated rule broken inside an inferred check fails; an inferred assertion only warns', () => {
    const rules = [rule('a.stated', ['c']), rule('a.designed', ['c'])];
    const judged = [
      { rule: 'a.stated', problem: 'broken' },
      { rule: 'a.designed', problem: 'other shape', inferred: true },
    ];
    const inferredCheck = result('c', 'failed', { basis: 'inferred', judged });
    expect(outcomes(rules, [inferredCheck], false)).toEqual({ 'a.stated': 'failed', 'a.designed': 'warned' });
    expect(outcomes(rules, [inferredCheck], true)).toEqual({ 'a.stated': 'failed', 'a.designed': 'failed' });
  });
});
