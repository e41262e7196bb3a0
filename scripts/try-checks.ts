// A developer's loop for writing checks: runs some families or checks of the suite against a
// fresh mock (webhooks to 127.0.0.1 allowed), optionally with named faults switched on, and
// prints each check's and each of its rules' results.
//   node scripts/try-checks.ts --only leads,query [--fault NAME ...] [--all-rules]
import { parseArgs } from 'node:util';
import { runConformance } from '../conformance/run.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';

const { values } = parseArgs({
  options: { only: { type: 'string', multiple: true }, fault: { type: 'string', multiple: true }, 'all-rules': { type: 'boolean' } },
});
const mock = createMock({ faults: values.fault ?? [], allowPrivateWebhooks: true });
const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
mock.state.config.urls = { base_url: server.url, hub_url: server.url, workspace_url: server.url };
const started = performance.now();
try {
  const report = await runConformance({ baseUrl: server.url, only: values.only?.flatMap((item) => item.split(',')) });
  for (const result of report.results) {
    console.log(`${result.outcome.padEnd(7)} ${result.id} (${Math.round(result.ms)} ms)${result.message ? `: ${result.message}` : ''}`);
    if (result.outcome === 'failed' && result.evidence) console.log(result.evidence.replace(/^/gm, '    '));
  }
  const ran = new Set(report.results.map((result) => result.id));
  const rules = report.rules.filter((rule) => values['all-rules'] || rule.checks.some((check) => ran.has(check)));
  console.log('\nrules:');
  for (const rule of rules) console.log(`  ${rule.outcome.padEnd(12)} ${rule.id}${rule.message ? `: ${rule.message.slice(0, 160)}` : ''}`);
  console.log(`\n${report.results.length} checks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
