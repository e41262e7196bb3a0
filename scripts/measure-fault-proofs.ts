// Which rules each named fault breaks, measured: every fault is run as the mutation test runs it
// (test/support/fault-runs.ts) and the rules that failed are recorded. `--json FILE` writes
// {fault: [rule ids]}; `--family F` measures one family; `--width N` runs N faults at once
// (default 2). `--check` compares with the faults' declared `proves`: every declared rule must
// fail (exit 1 when one does not), and the failed rules a fault does not declare are listed, so a
// new fault's `proves` can be filled in from the measure (the merger's step, see README).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FAULT_CATALOG } from '../src/faults/index.ts';
import { failedRules, familiesFor, inParallel, runAgainst } from '../test/support/fault-runs.ts';

const { values } = parseArgs({ options: { json: { type: 'string' }, family: { type: 'string' }, width: { type: 'string' }, check: { type: 'boolean' } } });
const faults = FAULT_CATALOG.filter((fault) => !values.family || fault.family === values.family);
const started = Date.now();
const measured = await inParallel(faults, Number(values.width ?? 2), async (fault) => {
  const failed = failedRules(await runAgainst([fault.name], familiesFor(fault)));
  console.error(`${fault.name}: ${failed.join(' ') || '(no rule failed)'}`);
  return [fault.name, failed] as const;
});
if (values.json) writeFileSync(values.json, `${JSON.stringify(Object.fromEntries(measured), null, 1)}\n`);
console.log(`measured ${faults.length} faults in ${Math.round((Date.now() - started) / 1000)} s`);
