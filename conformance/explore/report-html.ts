// The explorer's page for a person (`crmkit explore --reporter html --out explore.html`): the run's
// line, then each divergence shrunk, with the command that replays it, the catalog rules it
// touches, where the answers differ, and every request of the shrunk sequence with the target's
// and the oracle's answers side by side. One self-contained file: no script, no external asset.
import type { Exchange } from '../exchange.ts';
import { esc } from '../report/html-escape.ts';
import type { Divergence, ExploreReport } from './explore.ts';
import { replayCommand, summaryLine } from './report.ts';

/** Bodies are cut here: a list's page can run to megabytes. */
const BODY_MOST = 4000;

export function htmlExploreReport(report: ExploreReport): string {
  const title = `crmkit explore, seed ${report.seed}: ${report.divergences.length} divergence(s)`;
  const body = report.divergences.length
    ? report.divergences.map((divergence, index) => divergenceSection(report, divergence, index)).join('\n')
    : '<p class="clean">No divergence: every answer of the target was one the oracle allows.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${esc(title)}</h1><p class="summary">${esc(summaryLine(report))}</p><p>Target <code>${esc(report.target.baseUrl)}</code>${report.target.mock ? ' (a crmkit mock)' : ''}; oracle: a crmkit workspace in process.</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

function divergenceSection(report: ExploreReport, divergence: Divergence, index: number): string {
  const shrunk = `shrunk from ${divergence.originalLength} to ${divergence.shrunkLength} steps in ${divergence.replays} replays; ${divergence.reproduced ? 'reproduced' : 'NOT reproduced'} on a last replay`;
  const differences = divergence.differences
    .map(
      (difference) =>
        `<tr><td><code>${esc(difference.at || '(body)')}</code></td><td>${pre(difference.target)}</td><td>${pre(difference.oracle)}</td></tr>`,
    )
    .join('');
  const steps = divergence.exchanges.map((executed, number) => {
    const differs = executed.differences.length > 0;
    return `<tr class="${differs ? 'differs' : ''}"><td>${number + 1}${differs ? ' ≠' : ''}</td><td>${requestCell(executed.target)}${executed.step.as ? ' <em>(sent as a second workspace)</em>' : ''}</td><td>${answerCell(executed.target)}</td><td>${answerCell(executed.oracle)}</td></tr>`;
  });
  return `<section class="divergence" id="divergence-${index + 1}">
<h2>${index + 1}. <code>${esc(divergence.signature)}</code></h2>
<p>${esc(shrunk)}.</p>
<p>Replay: <code class="replay">${esc(replayCommand(report, divergence))}</code></p>
<p>Rules it touches: ${divergence.rules.map((rule) => `<code class="rule">${esc(rule)}</code>`).join(', ') || 'none named'}</p>
<table class="differences"><thead><tr><th>where</th><th>target</th><th>oracle</th></tr></thead><tbody>${differences}</tbody></table>
<table class="steps"><thead><tr><th>#</th><th>request</th><th>target answered</th><th>oracle answered</th></tr></thead><tbody>
${steps.join('\n')}
</tbody></table>
</section>`;
}

function requestCell(exchange: Exchange): string {
  const url = new URL(exchange.request.url);
  const line = `${exchange.request.method} ${url.pathname}${url.search}`;
  return `<code>${esc(line)}</code>${exchange.request.body ? pre(pretty(exchange.request.body)) : ''}`;
}

function answerCell(exchange: Exchange): string {
  return `<strong>${exchange.status}</strong>${exchange.text ? pre(pretty(exchange.text)) : ''}`;
}

/** JSON indented for reading; any other text as it came. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function pre(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined');
  return `<pre>${esc(text.length > BODY_MOST ? `${text.slice(0, BODY_MOST)}…` : text)}</pre>`;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1600px; padding: 1rem 2rem; color: #1f2328; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; border-top: 1px solid #d0d7de; padding-top: 1rem; }
code { font: 12px ui-monospace, monospace; background: #f6f8fa; padding: 0 .2em; }
.replay { display: inline-block; padding: .3em .5em; }
table { border-collapse: collapse; width: 100%; margin: .6rem 0; table-layout: fixed; }
th, td { border: 1px solid #d0d7de; padding: .3rem .5rem; vertical-align: top; text-align: left; overflow-wrap: anywhere; }
th { background: #f6f8fa; }
.steps td:first-child, .steps th:first-child { width: 3.5rem; }
pre { margin: .3rem 0 0; max-height: 18rem; overflow: auto; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
tr.differs td { background: #fff5f5; }
.clean { color: #1a7f37; font-weight: 600; }
`;
