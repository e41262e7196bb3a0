// Issue 22's figure, counted through the faults: of the observable rules a deployment could let the
// suite judge (its inputs, a receiver and waiting: rules/figures.ts `couldJudgeOn`), those judged
// fully on a deployment stand-in, that is, a fault that proves the rule on the mock (its `proves`)
// made it FAIL there too. It reads what scripts/measure-stand-in-proofs.ts --json wrote and says,
// for every could-judge rule the stand-in did not fail, what the run said of it under each fault.

/** What the stand-in run said of one rule a fault proves. */
export type RuleThere = { outcome: string; message?: string };
/** One fault's stand-in run, as measure-stand-in-proofs.ts --json writes it. */
export type FaultThere = { failed: string[]; warned: string[]; proves?: Record<string, RuleThere> };
/** `mode` is missing in a file written before the measure stored it. */
export type Measure = { file: string; mode?: { receiver: boolean; wait: boolean }; faults: Record<string, FaultThere> };

export type Inputs = {
  measures: Measure[];
  /** The catalog's rules with checks, in its order, each with its spec area. */
  rules: { id: string; area: string; checks: string[]; unproven?: string; reading?: boolean; inferredOnly?: boolean }[];
  /** Each fault's area and `proves` as declared now (src/faults/fault-proofs.ts). */
  faults: { name: string; area: string; proves: readonly string[] }[];
  couldJudge: (id: string) => boolean;
};

/**
 * `warnedThere`: could-judge rules not failed but warned on the stand-in under a proving fault: against a
 * deployment crmkit did not build a rule with a `reading`, or one judged on a route the spec does not
 * show (spec README, reading 3), warns at most, so a warning is all a correct run may say of it there.
 */
export type AreaFigure = { area: string; couldJudge: number; onMock: number; onStandIn: number; warnedThere: number };
/** A could-judge rule not proven on the stand-in: each proving fault with what the run said (undefined: the fault was not measured). */
export type Left = { rule: string; area: string; faults: { fault: string; there?: RuleThere }[]; unproven?: string };
/**
 * The figure over STATED rules only: a reading is not stated (the spec leaves it open), so it cannot
 * be judged fully (asserting the rule's stated outcome); nor can a rule resting only on parts the
 * document marks `x-inferred` (spec README, reading 3). `readings`: the could-judge rules with a
 * reading, warned, as the spec leaves them open, listed apart.
 */
export type StatedFigure = { couldJudge: number; onStandIn: number; readings: string[]; inferredOnly: string[] };
export type JudgedFully = { areas: AreaFigure[]; total: AreaFigure; stated: StatedFigure; left: Left[]; modes: string[] };

/** The figure of the areas the measures cover (the areas of their faults). */
export function judgedFully(inputs: Inputs): JudgedFully {
  const areaOfFault = new Map(inputs.faults.map((fault) => [fault.name, fault.area]));
  const measured = latestMeasures(inputs.measures, areaOfFault);
  const areas = [...new Set([...measured.keys()].map((name) => areaOfFault.get(name) ?? 'unknown'))];
  const provers = proversByRule(inputs.faults);
  const shownThere = (rule: string, as: 'failed' | 'warned') =>
    (provers.get(rule) ?? []).some((fault) => measured.get(fault)?.[as].includes(rule) && provedWhenMeasured(measured.get(fault)!, rule));
  const provenThere = (rule: string) => shownThere(rule, 'failed');
  const rows = inputs.rules.filter((rule) => areas.includes(rule.area) && inputs.couldJudge(rule.id));
  const figure = (area: string, of: typeof rows): AreaFigure => ({
    area,
    couldJudge: of.length,
    onMock: of.filter((rule) => provers.has(rule.id)).length,
    onStandIn: of.filter((rule) => provenThere(rule.id)).length,
    warnedThere: of.filter((rule) => !provenThere(rule.id) && shownThere(rule.id, 'warned')).length,
  });
  const left = rows
    .filter((rule) => !provenThere(rule.id))
    .map((rule) => ({
      rule: rule.id,
      area: rule.area,
      faults: (provers.get(rule.id) ?? []).map((fault) => ({ fault, there: saidOf(measured.get(fault), rule.id) })),
      ...(rule.unproven ? { unproven: rule.unproven } : {}),
    }));
  const stated = rows.filter((rule) => !rule.reading && !rule.inferredOnly);
  return {
    stated: {
      couldJudge: stated.length,
      onStandIn: stated.filter((rule) => provenThere(rule.id)).length,
      readings: rows.filter((rule) => rule.reading).map((rule) => rule.id),
      inferredOnly: rows.filter((rule) => !rule.reading && rule.inferredOnly).map((rule) => rule.id),
    },
    areas: areas.sort().map((area) =>
      figure(
        area,
        rows.filter((rule) => rule.area === area),
      ),
    ),
    total: figure('total', rows),
    left,
    modes: [...new Set(inputs.measures.map(modeOf))],
  };
}

/**
 * Each fault's run; a fault measured in more than one file counts as measured in the file named for
 * its area (`<area>.json`, `<area>.wait.json`: measured by area), not in a file of the old families
 * (input, records, state...) measured before faults named their areas.
 */
function latestMeasures(measures: Measure[], areaOfFault: Map<string, string>): Map<string, FaultThere> {
  const byArea = (measure: Measure, fault: string) => measure.file.split('.')[0] === areaOfFault.get(fault);
  const entries = measures.flatMap((measure) => Object.entries(measure.faults).map(([fault, there]) => ({ measure, fault, there })));
  const ranked = [
    ...entries.filter((entry) => !byArea(entry.measure, entry.fault)),
    ...entries.filter((entry) => byArea(entry.measure, entry.fault)),
  ];
  return new Map(ranked.map(({ fault, there }) => [fault, there]));
}

/** What a fault's run said of the rule: undefined when the fault was not measured. */
function saidOf(fault: FaultThere | undefined, rule: string): RuleThere | undefined {
  if (!fault) return undefined;
  return fault.proves?.[rule] ?? { outcome: 'not looked for', message: 'measured before its proves named the rule' };
}

/** A fault measured before its `proves` named the rule does not count for it: the run did not look for it. */
function provedWhenMeasured(fault: FaultThere, rule: string): boolean {
  return !fault.proves || rule in fault.proves;
}

function proversByRule(faults: Inputs['faults']): Map<string, string[]> {
  const provers = new Map<string, string[]>();
  for (const fault of faults) for (const rule of fault.proves) provers.set(rule, [...(provers.get(rule) ?? []), fault.name]);
  return provers;
}

function modeOf({ file, mode }: Measure): string {
  if (!mode) return `${file}: mode not recorded`;
  return `${file}: ${mode.receiver ? 'with a receiver' : 'inputs only'}${mode.wait ? ' and waiting' : ''}`;
}

const percent = (part: number, whole: number) => (whole ? `${Math.floor((100 * part) / whole)} %` : '-');

/** The figure as Markdown: a table per area and in total, then every could-judge rule left, with why. */
/** `offer`: what the deployment gave the suite (its inputs, a receiver, waiting), as the page's first line says. */
export function judgedFullyMarkdown(figure: JudgedFully, heading: string, offer = 'its inputs, a receiver and waiting'): string {
  const row = ({ area, couldJudge, onMock, onStandIn, warnedThere }: AreaFigure) =>
    `| ${area} | ${couldJudge} | ${onMock} | ${onStandIn} | ${percent(onStandIn, couldJudge)} | ${warnedThere} | ${percent(onStandIn + warnedThere, couldJudge)} |`;
  const table = [
    '| area | could judge | proven on the mock | proven on the stand-in | share | warned there instead | share with them |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...figure.areas.map(row),
    row(figure.total).replace('| total |', '| **total** |'),
  ];
  const open = new Set([...figure.stated.readings, ...figure.stated.inferredOnly]);
  const left = figure.left.filter((rule) => !open.has(rule.rule)).map(leftLine);
  const { couldJudge, onStandIn, readings, inferredOnly } = figure.stated;
  const statedLine =
    `Over STATED rules only (could-judge rules without a reading and not resting only on x-inferred parts): ` +
    `${onStandIn} of ${couldJudge} proven on the stand-in (${percent(onStandIn, couldJudge)}); ` +
    `${readings.length} readings and ${inferredOnly.length} rules resting only on inferred parts are left out of it.`;
  const ids = (list: string[]) => (list.length ? list.map((id) => `\`${id}\``).join(', ') : 'none');
  return [
    `# ${heading}`,
    '',
    `Rules a deployment could let the suite judge (${offer}), by their spec area; ` +
      'proven on the stand-in: a fault that proves the rule on the mock makes it fail on a deployment stand-in (test/support/stand-in.ts). ' +
      'Warned there instead: not failed but warned under a proving fault, all a run may say against a deployment crmkit did not build ' +
      'of a rule with a `reading` or judged on a route the spec does not show (spec README, reading 3). ' +
      'Generated by `scripts/judged-fully.ts` from `scripts/measure-stand-in-proofs.ts --json`.',
    '',
    `Measured: ${figure.modes.join('; ')}.`,
    '',
    ...table,
    '',
    statedLine,
    '',
    `## Stated could-judge rules not proven on the stand-in (${left.length})`,
    '',
    `By what the stand-in run said (the most telling of its proving faults): ${causesLine(figure.left.filter((rule) => !open.has(rule.rule)))}.`,
    '',
    ...(left.length ? left : ['None.']),
    '',
    `## Warned, as the spec leaves them open (${readings.length} readings)`,
    '',
    ids(readings),
    '',
    `## Resting only on parts the document marks x-inferred (${inferredOnly.length})`,
    '',
    ids(inferredOnly),
    '',
  ].join('\n');
}

/** The order in which a proving fault's run tells most about a rule left: a warning first, no fault last. */
const TELLING = ['warned', 'passed', 'not-exercised', 'skipped', 'not looked for', 'not measured', 'no fault proves it'];

function causeOf({ faults }: Left): string {
  const said = faults.map(({ there }) => there?.outcome ?? 'not measured');
  return TELLING.find((cause) => said.includes(cause)) ?? said[0] ?? 'no fault proves it';
}

function causesLine(left: Left[]): string {
  const counts = new Map<string, number>();
  for (const rule of left) counts.set(causeOf(rule), (counts.get(causeOf(rule)) ?? 0) + 1);
  return [...counts].map(([cause, count]) => `${cause} ${count}`).join(', ') || 'none';
}

function leftLine({ rule, area, faults, unproven }: Left): string {
  if (!faults.length) return `- \`${rule}\` (${area}): no fault proves it on the mock${unproven ? ` (unproven: ${unproven})` : ''}`;
  const said = faults.map(({ fault, there }) => `${fault}: ${there ? thereText(there) : 'not measured'}`);
  return `- \`${rule}\` (${area}): ${said.join('; ')}`;
}

function thereText({ outcome, message }: RuleThere): string {
  const text = message ? `${outcome} (${message.replace(/\s+/g, ' ').slice(0, 200)})` : outcome;
  return text.replaceAll('|', '\\|');
}
