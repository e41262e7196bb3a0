// The judged rules no named fault is shown to break (issue 23, item 2). A rule with checks is
// proven when a fault names it in its `proves` (the family files of this folder hold each fault to
// them: under it every one fails), or explained when its catalog entry says `unproven` (why no
// single fault can break it). Any other is listed in unproven-baseline.txt, so that the number is
// visible and can only go down: a new judged rule must come with a fault, and a rule a fault now
// proves leaves the list. This reads the declarations only; it runs no fault.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../conformance/rules/catalog.ts';
import { FAULT_PROOFS } from '../../../src/faults/fault-proofs.ts';
import { areaOf } from '../../support/fault-runs.ts';

const BASELINE_FILE = new URL('./unproven-baseline.txt', import.meta.url);

/** The rule ids of the baseline file: one a line, `#` starts a comment. */
function baseline(): string[] {
  return readFileSync(BASELINE_FILE, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

const judged = loadCatalog().filter((rule) => rule.checks.length > 0);
const judgedIds = new Set(judged.map((rule) => rule.id));
const proven = new Set(Object.values(FAULT_PROOFS).flat());
const unexplained = judged.filter((rule) => !proven.has(rule.id) && !rule.unproven).map((rule) => rule.id);

/** `area: n of m judged rules unproven`, and their ids, per area. */
function perArea(ids: string[]): string {
  const byArea = new Map<string, string[]>();
  for (const id of ids) byArea.set(areaOf(id), [...(byArea.get(areaOf(id)) ?? []), id]);
  const total = (area: string) => judged.filter((rule) => areaOf(rule.id) === area).length;
  return [...byArea].map(([area, list]) => `  ${area}: ${list.length} of ${total(area)}\n    ${list.join('\n    ')}`).join('\n');
}

describe('the judged rules against the faults that prove them', () => {
  it('every rule a fault proves is a judged rule of the catalog', () => {
    const strays = Object.entries(FAULT_PROOFS).flatMap(([fault, rules]) =>
      rules.filter((rule) => !judgedIds.has(rule)).map((rule) => `${fault}: ${rule}`),
    );
    expect(strays).toEqual([]);
  });

  it('an entry that says why no fault can break it is proven by none', () => {
    expect(judged.filter((rule) => rule.unproven && proven.has(rule.id)).map((rule) => rule.id)).toEqual([]);
  });

  it('each is proven by a fault, explained in the catalog, or listed in the baseline (which holds no other)', () => {
    const listed = baseline();
    console.log(
      `judged rules proven by a fault: ${judged.filter((rule) => proven.has(rule.id)).length} of ${judged.length}; explained (unproven): ${judged.filter((rule) => rule.unproven).length}; neither: ${unexplained.length}\n${perArea(unexplained)}`,
    );
    expect(
      unexplained.filter((id) => !listed.includes(id)),
      'judged rules no fault proves, not in unproven-baseline.txt',
    ).toEqual([]);
    expect(
      listed.filter((id) => !unexplained.includes(id)),
      'unproven-baseline.txt lists rules that are proven, explained or not judged: take them out',
    ).toEqual([]);
    expect(new Set(listed).size, 'unproven-baseline.txt names each rule once').toBe(listed.length);
  });
});
