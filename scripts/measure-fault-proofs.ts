// Which rules each named fault breaks, measured: every fault is run as the mutation test runs it
// (test/support/fault-runs.ts) and the rules that failed are recorded. `--json FILE` writes
// {fault: [rule ids]}; `--area A` or `--fault NAME` (repeatable) measures some; `--width N` runs
// N faults at once (default 2). `--check` compares with the declared `proves`
// (src/faults/fault-proofs.ts): it lists each fault whose declared rules did not all fail (and
// exits 1), and each fault that fails rules it does not declare, so that a new fault's `proves`
// can be filled in from the measure. `--fill` writes the measured rules into the declarations of
// faults whose `proves` is empty (`proves: []`), for review before commit.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FAULT_PROOFS } from '../src/faults/fault-proofs.ts';
import { FAULT_CATALOG } from '../src/faults/index.ts';
import { checksFor, faultArea, failedRules, inParallel, runAgainst } from '../test/support/fault-runs.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'string' },
    area: { type: 'string' },
    fault: { type: 'string', multiple: true },
    width: { type: 'string' },
    check: { type: 'boolean' },
    fill: { type: 'boolean' },
  },
});
const faults = FAULT_CATALOG.filter(
  (fault) =>
    (!values.area || (FAULT_PROOFS[fault.name]?.length && faultArea(fault) === values.area)) &&
    (!values.fault || values.fault.includes(fault.name)),
);
const started = Date.now();
const measured = new Map(
  await inParallel(faults, Number(values.width ?? 2), async (fault) => {
    const failed = failedRules(await runAgainst([fault.name], FAULT_PROOFS[fault.name]?.length ? checksFor(fault) : undefined));
    console.error(`${fault.name}: ${failed.join(' ') || '(no rule failed)'}`);
    return [fault.name, failed] as const;
  }),
);
if (values.json) writeFileSync(values.json, `${JSON.stringify(Object.fromEntries(measured), null, 1)}\n`);
console.log(`measured ${faults.length} faults in ${Math.round((Date.now() - started) / 1000)} s`);
if (values.check) check();
if (values.fill) fill();

function check(): void {
  let broken = 0;
  for (const [name, failed] of measured) {
    const declared = FAULT_PROOFS[name] ?? [];
    const notFailed = declared.filter((rule) => !failed.includes(rule));
    const undeclared = failed.filter((rule) => !declared.includes(rule));
    if (!declared.length || notFailed.length) broken++;
    if (!declared.length) console.log(`${name}: declares no rule; measured ${failed.join(' ')}`);
    else if (notFailed.length) console.log(`${name}: declared but did not fail: ${notFailed.join(' ')}`);
    if (declared.length && undeclared.length) console.log(`${name}: also failed (not declared): ${undeclared.join(' ')}`);
  }
  if (broken) process.exitCode = 1;
}

/** Writes the measure into each `proves: []` of the fault modules (the line after the fault's `name:`/`family:`). */
function fill(): void {
  const empty = [...measured].filter(([name]) => !(FAULT_PROOFS[name] ?? []).length);
  const modules = new Set(FAULT_CATALOG.filter((fault) => empty.some(([name]) => name === fault.name)).map((fault) => fault.module));
  for (const module of modules) {
    const file = new URL(`../src/faults/${module}.ts`, import.meta.url);
    let text = readFileSync(file, 'utf8');
    for (const [name, failed] of empty) {
      const declaration = new RegExp(`(name: '${name}',[^]*?proves: )\\[\\]`);
      text = text.replace(declaration, (_all, head: string) => `${head}[${failed.map((rule) => `'${rule}'`).join(', ')}]`);
    }
    writeFileSync(file, text);
  }
  console.log(`filled ${empty.length} faults' proves: review them, then npm run fault-catalog`);
}
