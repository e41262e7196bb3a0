// Issue 22's "fully judged on a deployment", counted through the faults (issue 23): each named
// fault is switched on in a deployment stand-in (test/support/stand-in.ts: no control API, the
// inputs a QA engineer would have), the checks of the rules the fault proves run against it as against
// a deployment, and a rule counts as judged fully there when it fails under at least one fault:
// the suite sent a request that a deployment breaking the rule answered differently, and said so.
// `--receiver` adds a webhook receiver the stand-in reaches; `--wait` adds --wait-for-retries.
// Each fault runs the checks of the rules it proves (`--as-mutation`: the checks the mutation test runs it with). Two faults run at once (`--width N`); `--area A` measures one area's faults, `--fault NAME` (repeatable) some faults; `--json FILE` writes
// {mode: {receiver, wait}, faults: {fault: {failed, warned, proves: {rule: {outcome, message}}}}}: what the run
// said of each rule the fault proves, which scripts/judged-fully.ts reads. It takes minutes per area: it is not part of `npm test`.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ALL_CHECKS } from '../conformance/areas/index.ts';
import { loadCatalog } from '../conformance/rules/catalog.ts';
import { runConformance, type Report } from '../conformance/run.ts';
import { targetOptionsOf } from '../harness/inputs.ts';
import { FAULT_PROOFS } from '../src/faults/fault-proofs.ts';
import { FAULT_CATALOG, type FaultInfo } from '../src/faults/index.ts';
import { checksFor as mutationChecksFor, faultArea, failedRules, inParallel } from '../test/support/fault-runs.ts';
import { freePort, startStandIn } from '../test/support/stand-in.ts';

const options = {
  receiver: { type: 'boolean' },
  wait: { type: 'boolean' },
  width: { type: 'string' },
  area: { type: 'string' },
  fault: { type: 'string', multiple: true },
  json: { type: 'string' },
  'as-mutation': { type: 'boolean' },
} as const;
const { values } = parseArgs({ options });

async function standInRun(fault: FaultInfo): Promise<Report> {
  const standIn = await startStandIn({ faults: [fault.name] });
  try {
    const port = values.receiver ? await freePort() : undefined;
    const reached = port ? { webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port } : {};
    return await runConformance({
      ...targetOptionsOf(standIn.inputs),
      ...reached,
      waitForRetries: Boolean(values.wait),
      only: values['as-mutation'] ? mutationChecksFor(fault) : checksFor(fault),
    });
  } finally {
    await standIn.server.close();
  }
}

const rules = new Map(loadCatalog().map((rule) => [rule.id, rule]));
const OBSERVERS = new Set(ALL_CHECKS.filter((check) => check.kind === 'observer').map((check) => check.id));

/**
 * The checks that judge the rules a fault proves (by default: what a rule needs to fail there is
 * one of its own checks), or the mutation test's checks when one of them is an observer, which judges
 * the exchanges other checks make; `--as-mutation` runs the mutation test's checks always.
 */
function checksFor(fault: FaultInfo): string[] {
  const checks = new Set((FAULT_PROOFS[fault.name] ?? []).flatMap((rule) => rules.get(rule)?.checks ?? []));
  return !checks.size || [...checks].some((check) => OBSERVERS.has(check)) ? mutationChecksFor(fault) : [...checks];
}

/** Enough of a reason to tell why (the rest names the run's own records). */
const MESSAGE_LENGTH = 300;

/** What the stand-in run said of each rule the fault proves on the mock: its outcome and, when it has one, why. */
function provedRulesThere(fault: FaultInfo, report: Report): Record<string, { outcome: string; message?: string }> {
  const results = new Map(report.rules.map((rule) => [rule.id, rule]));
  return Object.fromEntries(
    (FAULT_PROOFS[fault.name] ?? []).map((id) => {
      const result = results.get(id);
      return [
        id,
        {
          outcome: result?.outcome ?? 'not-checked',
          ...(result && result.outcome !== 'failed' && result.message ? { message: result.message.slice(0, MESSAGE_LENGTH) } : {}),
        },
      ];
    }),
  );
}

// A blind hunt's faults prove no rule: they measure the suite (scripts/hunt-table.ts).
const faults = FAULT_CATALOG.filter(
  (fault) => !fault.hunt && (!values.area || faultArea(fault) === values.area) && (!values.fault || values.fault.includes(fault.name)),
);
const started = Date.now();
const measured = await inParallel(faults, Number(values.width ?? 2), async (fault) => {
  const report = await standInRun(fault);
  const warned = report.rules.filter((rule) => rule.outcome === 'warned').map((rule) => rule.id);
  console.error(`${fault.name}: failed ${failedRules(report).join(' ') || '-'}; warned ${warned.join(' ') || '-'}`);
  return [fault.name, { failed: failedRules(report), warned, proves: provedRulesThere(fault, report) }] as const;
});
const seconds = Math.round((Date.now() - started) / 1000);
const mode = { receiver: Boolean(values.receiver), wait: Boolean(values.wait) };
if (values.json) writeFileSync(values.json, `${JSON.stringify({ mode, faults: Object.fromEntries(measured) }, null, 1)}\n`);

const observable = loadCatalog().filter((rule) => !rule.unobservable).length;
const onMock = new Set(faults.flatMap((fault) => FAULT_PROOFS[fault.name] ?? []));
const failed = new Set(measured.flatMap(([, result]) => result.failed));
const shown = new Set(measured.flatMap(([, result]) => [...result.failed, ...result.warned]));
const target = `stand-in, ${values.receiver ? 'with a receiver' : 'inputs only'}${values.wait ? ' and waiting' : ''}`;
console.log(`${faults.length} faults in ${seconds} s (${target}), of ${observable} observable rules:`);
console.log(`  proven on the mock (the faults' proves): ${onMock.size}`);
console.log(`  failed on the ${target} under at least one fault: ${failed.size}; failed or warned: ${shown.size}`);
// Judged fully there (issue 22): a rule a fault proves on the mock that fails on the stand-in under that fault.
const provenThere = new Set(
  measured.flatMap(([name, result]) => (FAULT_PROOFS[name] ?? []).filter((rule) => result.failed.includes(rule))),
);
console.log(
  `  proven on the ${target} (a fault's proves failing there): ${provenThere.size} (${Math.round((100 * provenThere.size) / observable)} % of the observable rules)`,
);
