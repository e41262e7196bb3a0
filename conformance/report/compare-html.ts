// The comparison with an earlier run as the HTML report shows it, at the top: the gate's verdict,
// each new failure with its rule, check, message and requests, then every other change in a
// table (rule, before, now). The same comparison as the terminal's (compare-text.ts), all of it.
import { SECTIONS } from '../rules/catalog.ts';
import type { Report } from '../run.ts';
import { count, gateFailures, gateLine, hasChanges, targetNote, type Comparison, type RuleChange } from './compare.ts';
import { outcomeText, requestText } from './compare-text.ts';
import { esc } from './html-escape.ts';

export function comparisonSection(comparison: Comparison, report: Report): string {
  const { previous } = comparison;
  const gate = gateFailures(comparison).length ? 'failed' : 'passed';
  const note = targetNote(comparison, report);
  const body = hasChanges(comparison)
    ? changes(comparison)
    : `<p>No change: all ${esc(count(comparison.unchanged, 'rule'))} have the result they had before.</p>`;
  return `<section aria-labelledby="comparison" class="comparison gate-${gate}"><h2 id="comparison">Compared with run <code>${esc(previous.runId)}</code></h2>
<p>${esc(previous.file)}: crmkit ${esc(previous.crmkit)}, ${previous.mock ? 'a crmkit mock' : 'a deployment'} at ${esc(previous.baseUrl)}; ${catalogLine(comparison)}</p>
<p class="gate"><strong>${esc(gateLine(comparison))}</strong></p>
${note ? `<p>Note: ${esc(note)}</p>` : ''}
${body}
</section>`;
}

function catalogLine({ previous, catalog }: Comparison): string {
  if (previous.catalog.hash === catalog.hash) return `the same catalog of ${esc(count(catalog.rules, 'rule'))}.`;
  return `its catalog had ${esc(count(previous.catalog.rules, 'rule'))} (<code>${esc(previous.catalog.hash)}</code>), this one has ${esc(count(catalog.rules, 'rule'))} (<code>${esc(catalog.hash)}</code>).`;
}

function changes(comparison: Comparison): string {
  const gating = new Set(gateFailures(comparison));
  const addedFailing = comparison.added.filter((change) => change.after === 'failed');
  const failed = [...comparison.regressions, ...comparison.newlyFailed, ...addedFailing];
  const others: [string, RuleChange[]][] = [
    ['Newly passed', comparison.newlyPassed],
    ['Newly warned', comparison.newlyWarned],
    ['Newly skipped or not exercised', comparison.newlyNotJudged],
    ['Added to the catalog', comparison.added],
    ['Removed from the catalog', comparison.removed],
  ];
  const tables = others.filter(([, list]) => list.length).map(([title, list]) => changeTable(title, list));
  return `${failed.length ? `<h3>Newly failed (${failed.length})</h3>${failed.map((change) => newFailure(change, gating.has(change))).join('\n')}` : '<p>No rule newly failed.</p>'}
${tables.join('\n')}
<p>${esc(count(comparison.unchanged, 'rule'))} unchanged${comparison.stillFailing ? `, ${esc(count(comparison.stillFailing, 'rule'))} of them failed in both runs` : ''}.</p>`;
}

function newFailure(change: RuleChange, gates: boolean): string {
  const requests = (change.requests ?? []).map((line) => `<li><code>${esc(requestText(line))}</code></li>`).join('');
  return `<article class="problem new-failure">
<h4><code>${esc(change.id)}</code> <span class="section">spec ${esc(change.section)} ${esc(SECTIONS[change.section] ?? '')}</span> <span class="${gates ? 'gates' : 'lets-by'}">${gates ? 'fails the gate' : 'does not fail the gate'}</span></h4>
<p class="rule">${esc(change.rule)}</p>
<p>${esc(outcomeText(change.before))} before; failed now (judged by <code>${esc(change.check ?? '')}</code>): ${esc(change.message ?? '')}</p>
${requests ? `<ul class="requests" aria-label="requests">${requests}</ul>` : '<p>No request: the check failed before or without sending one.</p>'}
</article>`;
}

function changeTable(title: string, list: RuleChange[]): string {
  const rows = list.map(
    (change) =>
      `<tr><td><code>${esc(change.id)}</code></td><td>${esc(change.section)}</td><td>${esc(change.rule)}</td><td class="o-${change.before}">${esc(outcomeText(change.before))}</td><td class="o-${change.after}">${esc(outcomeText(change.after))}</td></tr>`,
  );
  return `<details><summary>${esc(title)} (${list.length})</summary><table class="rules"><thead><tr><th scope="col">Rule id</th><th scope="col">Section</th><th scope="col">Rule</th><th scope="col">Before</th><th scope="col">Now</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`;
}
