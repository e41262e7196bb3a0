// The suite against the clean mock: every check passes. Against each named fault, the rules it
// proves must fail (test/conformance/mutation/, one file per spec area); here, that every area
// has its faults and every fault an area with checks.
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../conformance/areas/index.ts';
import { areaOfRules } from '../../conformance/rules/catalog.ts';
import { FAULT_PROOFS } from '../../src/faults/fault-proofs.ts';
import { FAULT_CATALOG } from '../../src/faults/index.ts';
import { AREAS } from '../../src/spec/areas.ts';
import { faultArea, runAgainst } from '../support/fault-runs.ts';

/**
 * What a sound mock never shows the suite's observers: a 500 (errors.internal), a code outside the
 * table (errors.complete-list-not-shown), and a JSON body other than an error from these
 * operations, which answer a redirect, a preflight's 204, a script or a page, or the hub's sign-in (their shape rules;
 * their error answers are the envelope's rules).
 */
const NOT_EXERCISED_ON_A_SOUND_MOCK = [
  'errors.internal',
  'errors.complete-list-not-shown',
  'responses.shape.authorize',
  'responses.shape.submit-consent',
  'responses.shape.hub-sign-in-page',
  'responses.shape.hub-sign-in',
  'responses.shape.preflight-form-config',
  'responses.shape.preflight-form-submit',
  'responses.shape.get-widget-script',
  'responses.shape.get-hosted-form-page',
];

describe('the conformance suite against the clean mock', () => {
  it('passes every check', async () => {
    const started = performance.now();
    const report = await runAgainst([]);
    const notPassed = report.results.filter((result) => result.outcome !== 'passed');
    expect(notPassed.map((result) => `${result.id}: ${result.message}\n${result.evidence ?? ''}`)).toEqual([]);
    // Every rule the catalog gives a check is judged on the clean mock: a mapping no check honours would show here.
    // Rules judged only from what is seen are not exercised where a sound mock shows nothing of them (these, no more).
    const unjudged = report.rules.filter((rule) => rule.checks.length && rule.outcome !== 'passed' && rule.outcome !== 'not-exercised');
    expect(unjudged.map((rule) => `${rule.id}: ${rule.outcome} ${rule.message ?? ''}`)).toEqual([]);
    expect(report.rules.filter((rule) => rule.outcome === 'not-exercised').map((rule) => rule.id)).toEqual(NOT_EXERCISED_ON_A_SOUND_MOCK);
    console.log(
      `the whole suite against a mock: ${report.results.length} checks, ${report.rules.length} rules, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 600_000);
});

describe('the mutation test', () => {
  it('has faults for every area that has checks, and checks for every area that has faults', () => {
    const withChecks = AREAS.filter((area) => ALL_CHECKS.some((check) => check.area === area));
    const withFaults = AREAS.filter((area) => FAULT_CATALOG.some((fault) => !fault.hunt && faultArea(fault) === area));
    expect(withFaults).toEqual(withChecks);
  });

  it('gives each fault the area of the rules it proves', () => {
    const astray = FAULT_CATALOG.filter((fault) => !fault.hunt && fault.area !== areaOfRules(FAULT_PROOFS[fault.name] ?? []));
    expect(astray.map((fault) => `${fault.name}: ${fault.area}, proving ${areaOfRules(FAULT_PROOFS[fault.name] ?? [])}`)).toEqual([]);
  });
});
