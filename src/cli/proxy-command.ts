// `crmkit proxy --target URL`: a validating proxy in front of a deployment (conformance/proxy/).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { problemLine, startValidatingProxy } from '../../conformance/proxy/validating-proxy.ts';
import { htmlReport } from '../../conformance/report/html.ts';
import { junitReport } from '../../conformance/report/junit.ts';
import { prettyReport } from '../../conformance/report/pretty.ts';
import { ruleTotals } from '../../conformance/report/rule-summary.ts';
import type { Report } from '../../conformance/run.ts';
import { mustAnswer, TargetError } from '../../conformance/target.ts';
import { numberOption, UsageError } from './usage-error.ts';

const REPORTERS = ['pretty', 'json', 'junit', 'html'] as const;

export async function runProxyCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      target: { type: 'string' },
      port: { type: 'string', default: '4020' },
      host: { type: 'string', default: '127.0.0.1' },
      reporter: { type: 'string', default: 'pretty' },
      out: { type: 'string' },
    },
  });
  const reporter = values.reporter as (typeof REPORTERS)[number];
  if (!REPORTERS.includes(reporter)) throw new UsageError(`unknown reporter ${values.reporter}: ${REPORTERS.join(', ')}`);
  if (!values.target || !/^https?:\/\/[^/]/.test(values.target)) throw new UsageError('--target is required: the http(s) origin to forward to');
  const target = values.target.replace(/\/+$/, '');
  await mustAnswer(target).catch((error) => {
    throw error instanceof TargetError ? new UsageError(error.message) : error;
  });
  const proxy = await startValidatingProxy({
    target,
    port: numberOption('port', values.port),
    host: values.host,
    onProblem: (problem) => process.stderr.write(problemLine(problem)),
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new UsageError(`cannot listen on ${values.host}:${values.port}: ${error.code}`) : error;
  });
  console.log(`crmkit proxy on ${proxy.url} → ${target}\n  every exchange is judged; a line per problem; Ctrl-C ends with the report${values.out ? ` (written to ${values.out})` : ''}`);
  const stop = async () => {
    await proxy.close();
    const report = proxy.report();
    const text = render(report, reporter);
    if (values.out) {
      writeFileSync(values.out, text);
      process.stderr.write(`${proxy.exchanges.length} exchanges, ${proxy.problems.length} problems; ${ruleTotals(report.rules)}; wrote ${values.out}\n`);
    } else process.stdout.write(text);
    process.exit(proxy.problems.length ? 1 : 0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function render(report: Report, reporter: (typeof REPORTERS)[number]): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'junit') return junitReport(report);
  if (reporter === 'html') return htmlReport(report);
  return prettyReport(report);
}
