// `crmkit conformance`: the suite against a deployment (or a crmkit mock, which it provisions).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { junitReport } from '../../conformance/report/junit.ts';
import { prettyProgress, prettyReport } from '../../conformance/report/pretty.ts';
import { runConformance, type Report } from '../../conformance/run.ts';

export async function runConformanceCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      'hub-url': { type: 'string' },
      'workspace-url': { type: 'string' },
      'api-key': { type: 'string' },
      'limited-key': { type: 'string' },
      'revoked-key': { type: 'string' },
      'expired-key': { type: 'string' },
      'ip-restricted-key': { type: 'string' },
      'form-id': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'redirect-uri': { type: 'string' },
      'webhook-receiver-url': { type: 'string' },
      'webhook-receiver-port': { type: 'string' },
      'wait-for-retries': { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      'read-only': { type: 'boolean', default: false },
      reporter: { type: 'string', default: 'pretty' },
      out: { type: 'string' },
    },
  });
  if (!values['base-url']) throw new Error('--base-url is required');
  const pretty = values.reporter === 'pretty';
  // Interrupted, the run stops after the check in progress and still deletes what it created.
  const interrupted = new AbortController();
  const stop = () => {
    if (interrupted.signal.aborted) process.exit(130);
    process.stderr.write('stopping after this check; cleaning up (interrupt again to quit at once)\n');
    interrupted.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const report = await runConformance({
    signal: interrupted.signal,
    baseUrl: values['base-url'],
    hubUrl: values['hub-url'],
    workspaceUrl: values['workspace-url'],
    apiKey: values['api-key'],
    limitedKey: values['limited-key'],
    revokedKey: values['revoked-key'],
    expiredKey: values['expired-key'],
    ipRestrictedKey: values['ip-restricted-key'],
    formId: values['form-id'],
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    redirectUri: values['redirect-uri'],
    webhookReceiverUrl: values['webhook-receiver-url'],
    webhookReceiverPort: values['webhook-receiver-port'] === undefined ? undefined : Number(values['webhook-receiver-port']),
    waitForRetries: values['wait-for-retries'],
    only: values.only?.flatMap((item) => item.split(',')),
    readOnly: values['read-only'],
    onResult: pretty ? (result) => process.stderr.write(prettyProgress(result)) : undefined,
  });
  const text = render(report, values.reporter);
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  if (values.out && pretty) process.stdout.write(prettyReport(report));
  process.exitCode = report.results.some((result) => result.outcome === 'failed') ? 1 : 0;
}

function render(report: Report, reporter: string): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'junit') return junitReport(report);
  if (reporter === 'pretty') return prettyReport(report);
  throw new Error(`unknown reporter ${reporter}: pretty, json or junit`);
}
