// A self-contained HTML report (`--reporter html --out report.html`) a person reads in a browser:
// the totals, a summary by spec part, each failure and warning with its rule, section, request and
// answer, then every rule by part and every check; first, when the run was compared with an
// earlier one, what changed (compare-html.ts). No external asset; a few lines of script only
// filter the rule tables (without script every rule is shown).
import { SECTIONS } from '../rules/catalog.ts';
import type { RuleOutcome, RuleResult } from '../rules/rule-results.ts';
import type { CheckResult, Report } from '../run.ts';
import { figuresLine } from '../rules/figures.ts';
import type { Comparison } from './compare.ts';
import { comparisonSection } from './compare-html.ts';
import { esc } from './html-escape.ts';
import { countOutcomes, RULE_OUTCOMES, summaryByPart } from './rule-summary.ts';
import { reportTitle, targetKind } from './title.ts';
import { verdictLine } from './verdict.ts';

const LABEL: Record<RuleOutcome, string> = {
  passed: 'passed',
  failed: 'failed',
  warned: 'warned',
  skipped: 'skipped',
  'not-exercised': 'not exercised',
  'not-checked': 'not checked',
  unobservable: 'not observable',
};

/** `comparison`: the run compared with an earlier one, shown first in the page's main part. */
export function htmlReport(
  report: Report,
  { generatedAt = new Date(), comparison }: { generatedAt?: Date; comparison?: Comparison } = {},
): string {
  const title = reportTitle(report);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${esc(title)}</h1>
<p>${esc(targetKind(report))} · run <code>${esc(report.runId)}</code> · ${esc(generatedAt.toISOString())} · ${report.results.length} checks · verdict: <strong>${esc(verdictLine(report, comparison))}</strong></p>
<p class="figures">${esc(figuresLine(report.summary))}</p>
${totals(report.rules)}
${(report.notJudged ?? []).map(({ what, exchanges }) => `<p>Not judged: ${esc(what)}, ${exchanges} ${exchanges === 1 ? 'exchange' : 'exchanges'}.</p>`).join('\n')}
</header>
<main>
${comparison ? comparisonSection(comparison, report) : ''}
${partTable(report.rules)}
${problems(report.rules, 'failed', 'Failures')}
${problems(report.rules, 'warned', 'Warnings')}
${brokenChecks(report)}
${allRules(report.rules)}
${checkTable(report.results)}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function totals(rules: RuleResult[]): string {
  const counts = countOutcomes(rules);
  const items = RULE_OUTCOMES.map((outcome) => `<li class="o-${outcome}"><strong>${counts[outcome]}</strong> ${LABEL[outcome]}</li>`);
  return `<ul class="totals" aria-label="rules by result"><li><strong>${rules.length}</strong> rules</li>${items.join('')}</ul>`;
}

function partTable(rules: RuleResult[]): string {
  const rows = summaryByPart(rules).map(({ part, title, counts, rules: of }) => {
    const cells = RULE_OUTCOMES.map((outcome) => `<td class="n o-${outcome}">${counts[outcome] || ''}</td>`).join('');
    return `<tr><th scope="row"><a href="#part-${part}">${part}. ${esc(title)}</a></th>${cells}<td>${bar(counts, of.length)}</td></tr>`;
  });
  const head = RULE_OUTCOMES.map((outcome) => `<th scope="col">${LABEL[outcome]}</th>`).join('');
  return `<section aria-labelledby="summary"><h2 id="summary">Rules by spec part</h2>
<table class="summary"><thead><tr><th scope="col">Part</th>${head}<th scope="col"><span class="sr">share</span></th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

function bar(counts: Record<RuleOutcome, number>, total: number): string {
  const pieces = RULE_OUTCOMES.filter((outcome) => counts[outcome]).map(
    (outcome) => `<span class="b-${outcome}" style="width:${((counts[outcome] / total) * 100).toFixed(1)}%"></span>`,
  );
  return `<div class="bar" aria-hidden="true">${pieces.join('')}</div>`;
}

function problems(rules: RuleResult[], outcome: 'failed' | 'warned', heading: string): string {
  const of = rules.filter((rule) => rule.outcome === outcome);
  if (!of.length) return `<section aria-labelledby="${outcome}"><h2 id="${outcome}">${heading}</h2><p>None.</p></section>`;
  const items = of.map(
    (rule) => `<article class="problem o-${outcome}" id="rule-${esc(rule.id)}">
<h3><code>${esc(rule.id)}</code> <span class="section">spec ${esc(rule.section)} ${esc(SECTIONS[rule.section] ?? '')}</span></h3>
<p class="rule">${esc(rule.rule)}</p>
<p><strong>${outcome === 'failed' ? 'Failed' : 'Warning'}</strong> (judged by <code>${esc(rule.check ?? '')}</code>): ${esc(rule.message ?? '')}</p>
${rule.evidence ? `<details open><summary>Request and answer</summary><pre>${esc(rule.evidence)}</pre></details>` : ''}
</article>`,
  );
  return `<section aria-labelledby="${outcome}"><h2 id="${outcome}">${heading} (${of.length})</h2>${items.join('\n')}</section>`;
}

/** Checks that failed without being the verdict shown for any rule (another check's failure is shown for their rules, or the check broke). */
function brokenChecks(report: Report): string {
  const shown = new Set(report.rules.map((rule) => rule.check));
  const broken = report.results.filter((result) => result.outcome === 'failed' && !shown.has(result.id));
  if (!broken.length) return '';
  const items = broken.map(
    (result) =>
      `<li><code>${esc(result.id)}</code>: ${esc(result.message ?? '')}${result.evidence ? `<pre>${esc(result.evidence)}</pre>` : ''}</li>`,
  );
  return `<section aria-labelledby="broken"><h2 id="broken">More failing checks</h2><p>These checks failed too; their rules are shown above with another check's failure, or they broke.</p><ul>${items.join('')}</ul></section>`;
}

function allRules(rules: RuleResult[]): string {
  const filters = RULE_OUTCOMES.map(
    (outcome) => `<label><input type="checkbox" name="show" value="${outcome}" checked> ${LABEL[outcome]}</label>`,
  ).join(' ');
  const parts = summaryByPart(rules).map(({ part, title, rules: of }) => {
    const rows = of.map(
      (rule) =>
        `<tr data-outcome="${rule.outcome}"><td><code>${esc(rule.id)}</code></td><td>${esc(rule.section)}</td><td>${esc(rule.rule)}</td><td class="o-${rule.outcome}">${LABEL[rule.outcome]}</td><td>${rule.checks.map((check) => `<code>${esc(check)}</code>`).join(' ')}</td><td>${esc(rule.message ?? '')}</td></tr>`,
    );
    return `<details id="part-${part}"><summary>${part}. ${esc(title)} (${of.length} rules)</summary>
<table class="rules"><thead><tr><th scope="col">Rule id</th><th scope="col">Section</th><th scope="col">Rule</th><th scope="col">Result</th><th scope="col">Checks</th><th scope="col">Why</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`;
  });
  return `<section aria-labelledby="rules"><h2 id="rules">Every rule</h2><fieldset class="filters"><legend>Show</legend>${filters}</fieldset>${parts.join('\n')}</section>`;
}

function checkTable(results: CheckResult[]): string {
  const rows = results.map(
    (result) =>
      `<tr><td><code>${esc(result.id)}</code></td><td>${esc(result.title)}</td><td class="o-${result.outcome}">${result.outcome}</td><td class="n">${Math.round(result.ms)}</td><td>${esc(result.outcome === 'passed' ? '' : (result.message ?? ''))}</td></tr>`,
  );
  return `<section aria-labelledby="checks"><h2 id="checks">Checks</h2><details><summary>${results.length} checks</summary><table class="rules"><thead><tr><th scope="col">Check</th><th scope="col">What it judges</th><th scope="col">Result</th><th scope="col">ms</th><th scope="col">Message</th></tr></thead><tbody>${rows.join('')}</tbody></table></details></section>`;
}

const STYLE = `
:root{--fg:#1c2430;--muted:#5b6573;--line:#d9dee5;--passed:#1f7a3d;--failed:#b3261e;--warned:#8a5a00;--skipped:#5b6573;--not-exercised:#7a6f5b;--not-checked:#6b5ca5;--unobservable:#8a94a3}
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:#fff}
header{padding:1.5rem 2rem 1rem;border-bottom:1px solid var(--line);background:#f6f8fa}h1{margin:0 0 .25rem;font-size:1.4rem}header p{margin:0 0 .75rem;color:var(--muted)}
main{padding:0 2rem 3rem;max-width:1200px}h2{margin:2rem 0 .75rem;font-size:1.15rem}h3{margin:0 0 .4rem;font-size:1rem}
.totals{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;list-style:none;margin:0;padding:0}.totals strong{font-size:1.2rem}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}td.n{text-align:right;font-variant-numeric:tabular-nums}
.summary th[scope=row] a{color:inherit}.bar{display:flex;width:160px;height:10px;border-radius:5px;overflow:hidden;background:#eef1f4}
.b-passed{background:var(--passed)}.b-failed{background:var(--failed)}.b-warned{background:#d99a00}.b-skipped{background:#aab2bd}.b-not-exercised{background:#c9bfa8}.b-not-checked{background:var(--not-checked)}.b-unobservable{background:#d5dae1}
.o-passed{color:var(--passed)}.o-failed{color:var(--failed);font-weight:600}.o-warned{color:var(--warned)}.o-skipped{color:var(--skipped)}.o-not-exercised{color:var(--not-exercised)}.o-not-checked{color:var(--not-checked)}.o-unobservable{color:var(--unobservable)}
.problem{border:1px solid var(--line);border-left:4px solid currentColor;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem;color:var(--fg)}.problem.o-failed{border-left-color:var(--failed)}.problem.o-warned{border-left-color:#d99a00}
.problem .section{font-weight:400;color:var(--muted);font-size:.9rem}.rule{margin:.2rem 0 .5rem}
pre{background:#f6f8fa;border:1px solid var(--line);border-radius:4px;padding:.6rem;overflow:auto;white-space:pre-wrap;word-break:break-word;font-size:13px}
details{margin:.4rem 0}summary{cursor:pointer;font-weight:600;padding:.25rem 0}.rules td:first-child{white-space:nowrap}.rules{font-size:14px}
.comparison{border:1px solid var(--line);border-left:6px solid var(--passed);border-radius:6px;padding:.25rem 1.25rem 1rem;margin-top:1.5rem}.comparison.gate-failed{border-left-color:var(--failed)}
.comparison h2{margin-top:.75rem}.gate-failed .gate{color:var(--failed)}.gate-passed .gate{color:var(--passed)}h4{margin:0 0 .4rem;font-size:1rem}
.gates,.lets-by{font-size:.8rem;font-weight:600;border-radius:4px;padding:.05rem .4rem;margin-left:.4rem}.gates{background:#fbe4e2;color:var(--failed)}.lets-by{background:#eef1f4;color:var(--muted)}
.requests{margin:.25rem 0 0;padding-left:1.25rem}.problem.new-failure{border-left-color:var(--failed)}
.filters{border:1px solid var(--line);border-radius:6px;margin:0 0 .75rem}.sr{position:absolute;left:-9999px}code{font-size:.92em}
`;

const SCRIPT = `
for (const box of document.querySelectorAll('input[name=show]')) box.addEventListener('change', () => {
  const shown = new Set([...document.querySelectorAll('input[name=show]:checked')].map((b) => b.value));
  for (const row of document.querySelectorAll('tr[data-outcome]')) row.hidden = !shown.has(row.dataset.outcome);
});
`;
