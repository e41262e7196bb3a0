// The catalog of the spec's rules (conformance/rules/): well formed, every check judges a rule,
// every rule names checks that exist, and the share of observable rules with a check.
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../conformance/checks/index.ts';
import { loadCatalog, rulesOfChecks } from '../../conformance/rules/catalog.ts';

const catalog = loadCatalog();
const checkIds = new Set(ALL_CHECKS.map((check) => check.id));

describe('the catalog of rules', () => {
  it('loads: ids unique, sections of the spec, every entry well formed', () => {
    expect(catalog.length).toBeGreaterThan(0);
  });

  it('names only checks that exist', () => {
    const unknown = catalog.flatMap((rule) => rule.checks.filter((check) => !checkIds.has(check)).map((check) => `${rule.id} → ${check}`));
    expect(unknown).toEqual([]);
  });

  it('gives every check at least one rule', () => {
    const judging = rulesOfChecks();
    expect([...checkIds].filter((id) => !judging.has(id))).toEqual([]);
  });

  it('has a check for at least 90 % of the rules a client can observe (issue 12)', () => {
    const observable = catalog.filter((rule) => !rule.unobservable);
    const checked = observable.filter((rule) => rule.checks.length);
    const share = checked.length / observable.length;
    console.log(`rules: ${catalog.length}; observable: ${observable.length}; with a check: ${checked.length} (${(share * 100).toFixed(1)} %)`);
    expect(catalog.filter((rule) => rule.unobservable && rule.checks.length)).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
