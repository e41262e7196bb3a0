// `crmkit proxy --target URL`: a validating proxy in front of a deployment (conformance/proxy/).
import { writeFileSync } from 'node:fs';
import { problemLine, startValidatingProxy } from '../../conformance/proxy/validating-proxy.ts';
import { renderReport, REPORTERS, type Reporter } from '../../conformance/report/render.ts';
import { ruleTotals } from '../../conformance/report/rule-summary.ts';
import { exitStatus, verdictLine } from '../../conformance/report/verdict.ts';
import { figuresLine } from '../../conformance/rules/figures.ts';
import { mustAnswer } from '../../harness/target.ts';
import { httpUrl, parseOptions, type OptionSpecs } from './options.ts';
import { listenOptions, reportOptions } from './shared-options.ts';
import { UsageError } from './usage-error.ts';

export const PROXY_OPTIONS = {
  target: { type: 'string', value: 'URL', help: 'the http(s) origin of the deployment to forward to (required)', check: httpUrl },
  ...listenOptions(4020),
  ...reportOptions(REPORTERS),
} as const satisfies OptionSpecs;

export async function runProxyCommand(args: string[]): Promise<void> {
  const { values } = parseOptions(args, PROXY_OPTIONS);
  const reporter = (values.reporter ?? 'pretty') as Reporter;
  if (!values.target) throw new UsageError('--target is required: the http(s) origin to forward to');
  const target = values.target.replace(/\/+$/, '');
  await mustAnswer(target);
  const proxy = await startValidatingProxy({
    target,
    port: Number(values.port),
    host: values.host,
    onProblem: (problem) => process.stderr.write(problemLine(problem)),
  }).catch((error: NodeJS.ErrnoException) => {
    throw ['EADDRINUSE', 'EADDRNOTAVAIL', 'EACCES', 'ENOTFOUND', 'EAI_AGAIN'].includes(error.code ?? '')
      ? new UsageError(`cannot listen on ${values.host}:${values.port}: ${error.code}`)
      : error;
  });
  console.log(
    `crmkit proxy on ${proxy.url} → ${target}\n  every exchange of the CRM interface is judged (the control API /_mock is forwarded, not judged); a line per problem; Ctrl-C ends with the report${values.out ? ` (written to ${values.out})` : ''}`,
  );
  const stop = async () => {
    await proxy.close();
    const report = proxy.report();
    const text = renderReport(report, reporter);
    if (values.out) {
      writeFileSync(values.out, text);
      const counts = `${proxy.exchanges.length} exchanges judged, ${proxy.notJudged.length} not (control API)`;
      const totals = `${proxy.problems.length} problems; ${ruleTotals(report.rules)}; ${figuresLine(report.summary)}`;
      process.stderr.write(`${verdictLine(report)}: ${counts}, ${totals}; wrote ${values.out}\n`);
    } else process.stdout.write(text);
    // The report's verdict, as every summary states it: a problem that only warns (the spec leaves it open) fails nothing.
    process.exit(exitStatus(report));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
