// The catalog of the spec's rules (conformance/rules/): well formed, every check judges a rule,
// every rule names checks that exist, and the share of observable rules with a check.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../conformance/areas/index.ts';
import { loadCatalog, rulesById, rulesOfChecks } from '../../conformance/rules/catalog.ts';

const catalog = loadCatalog();
const checkIds = new Set(ALL_CHECKS.map((check) => check.id));

/**
 * The rules split by the readings review (docs/readings-review.md): a stated part and the open part
 * with the reading. Each part must get a verdict of its own, so a check names each in a judge call.
 */
const SPLITS: [stated: string, reading: string][] = [
  ['forms.limit-request-size', 'forms.limit-request-size-answer'],
  ['forms.card-numbers', 'forms.card-numbers-field-error'],
  ['forms.limit-answers', 'forms.limit-answers-answer'],
  ['leads.number-integer', 'leads.number-increasing'],
  ['leads.lost-needs-reason', 'leads.lost-needs-reason-answer'],
  ['limits.read-only-reads', 'limits.read-only-query'],
  ['notes.item-change-data', 'notes.change-item-for-amount'],
  ['conversations.sla-due-while-waiting', 'conversations.sla-due-cleared-by-answer'],
  ['conversations.send-text-required', 'conversations.send-text-required-answer'],
  ['errors.docs-url', 'errors.docs-url-names-code'],
  ['tasks.create-assignee-required', 'tasks.create-assignee-required-answer'],
  ['query.nesting-limit', 'query.nesting-limit-code'],
];

/** The source of every check module, where the rule ids they judge are written. */
function checkSources(): string {
  const folder = new URL('../../conformance/areas/', import.meta.url);
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
  return files.map((name) => readFileSync(new URL(name, folder), 'utf8')).join('\n');
}

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

  it('gives every reading its alternatives: the other answers a correct deployment may give (issue 22)', () => {
    expect(catalog.filter((rule) => rule.reading && !rule.alternatives?.length).map((rule) => rule.id)).toEqual([]);
  });

  it('judges each part of a split rule on its own: the stated part without a reading, the open part with one', () => {
    const byId = rulesById();
    const sources = checkSources();
    for (const [stated, reading] of SPLITS) {
      const [plain, open] = [byId.get(stated), byId.get(reading)];
      expect(plain?.reading, stated).toBeUndefined();
      expect(open?.reading, reading).toBeTruthy();
      expect(
        open?.checks.every((check) => plain?.checks.includes(check)),
        `${reading} is judged by checks of ${stated}`,
      ).toBe(true);
      // A check that judges a rule by name writes its id as a literal (context.judge, judge.expect, an observer's add).
      for (const id of [stated, reading]) expect(sources.includes(`'${id}'`), `a check judges ${id} by name`).toBe(true);
    }
  });

  it('has a check for at least 90 % of the rules a client can observe (issue 12)', () => {
    const observable = catalog.filter((rule) => !rule.unobservable);
    const checked = observable.filter((rule) => rule.checks.length);
    const share = checked.length / observable.length;
    console.log(
      `rules: ${catalog.length}; observable: ${observable.length}; with a check: ${checked.length} (${(share * 100).toFixed(1)} %)`,
    );
    expect(catalog.filter((rule) => rule.unobservable && rule.checks.length)).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
