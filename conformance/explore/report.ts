// The explorer's report: `pretty` for a person (each divergence with the command that replays
// its shrunk sequence, the catalog rules it touches, and every request of it with both answers
// one under the other), `json` for a program (the whole report), `html` for a browser (report-html.ts).
import type { Exchange } from '../exchange.ts';
import type { Divergence, ExploreReport } from './explore.ts';
import { htmlExploreReport } from './report-html.ts';

export const EXPLORE_REPORTERS = ['pretty', 'json', 'html'] as const;
export type ExploreReporter = (typeof EXPLORE_REPORTERS)[number];

const EXCERPT = 400;

export function renderExploreReport(report: ExploreReport, reporter: ExploreReporter): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'html') return htmlExploreReport(report);
  return (
    [summaryLine(report), ...report.divergences.map((divergence, index) => prettyDivergence(report, divergence, index))].join('\n\n') + '\n'
  );
}

export function summaryLine(report: ExploreReport): string {
  const found = report.divergences.length ? `${report.divergences.length} divergence(s)` : '0 divergences';
  const offered = report.notOffered.length ? `; routes not offered (not compared): ${report.notOffered.join(', ')}` : '';
  return (
    `crmkit explore, seed ${report.seed}: ${found} in ${report.stepsRun} calls (${report.skipped} skipped), ${report.eventsCompared} events compared, ` +
    `${report.seconds.toFixed(1)} s, ${report.callsPerSecond.toFixed(1)} calls/s; cleanup deleted ${report.cleanup.deleted}, failed ${report.cleanup.failed}${offered}`
  );
}

/** The command that runs the shrunk sequence again (the target's options are the reader's: keys stay out of reports). */
export function replayCommand(report: ExploreReport, divergence: Divergence): string {
  const steps = divergence.steps.map((step) => step.id).join(',');
  return `crmkit explore <target options> --seed ${report.seed} --calls ${report.calls} --steps ${steps}`;
}

function prettyDivergence(report: ExploreReport, divergence: Divergence, index: number): string {
  const lines = [
    `${index + 1}. ${divergence.signature}: shrunk from ${divergence.originalLength} to ${divergence.shrunkLength} steps (${divergence.replays} replays; ${divergence.reproduced ? 'reproduced' : 'NOT reproduced'} on a last replay)`,
    `   replay: ${replayCommand(report, divergence)}`,
    `   rules: ${divergence.rules.join(', ')}`,
    ...divergence.differences
      .slice(0, 5)
      .map(
        (difference) =>
          `   differs at ${difference.at || '(body)'}: target ${short(difference.target)}, oracle ${short(difference.oracle)}`,
      ),
  ];
  for (const [number, executed] of divergence.exchanges.entries()) {
    const mark = executed.differences.length ? '≠' : ' ';
    lines.push(
      `   ${mark} ${number + 1}. ${requestLine(executed.target)}`,
      `       target ${answerLine(executed.target)}`,
      `       oracle ${answerLine(executed.oracle)}`,
    );
  }
  return lines.join('\n');
}

function requestLine(exchange: Exchange): string {
  const url = new URL(exchange.request.url);
  return `${exchange.request.method} ${url.pathname}${url.search}${exchange.request.body ? ` ${cut(exchange.request.body)}` : ''}`;
}

function answerLine(exchange: Exchange): string {
  return `${exchange.status} ${cut(exchange.text)}`;
}

function short(value: unknown): string {
  return cut(typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'), 160);
}

function cut(text: string, most = EXCERPT): string {
  return text.length > most ? `${text.slice(0, most)}…` : text;
}
