// `node scripts/judged-fully.ts [--json FILE|DIR]… [--out FILE]`: issue 22's figure from the JSON files
// scripts/measure-stand-in-proofs.ts --json wrote (by default docs/stand-in-proofs/, one per family):
// per family and in total, the rules a deployment could let the suite judge with its inputs, a
// receiver and waiting, of them those a fault proves on the mock and those it proves on the
// stand-in, and every could-judge rule left with what the stand-in run said of it
// (scripts/judged-fully-figures.ts). `--out` writes the Markdown (docs/judged-fully.md), else it is printed.
// `--offer inputs|receiver|full` (default full) is what the deployment gives besides its inputs: nothing
// more, a receiver it reaches, or a receiver and waiting; measures of that mode are passed with --json
// (docs/stand-in-proofs-inputs/ holds the inputs-only one).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { areaOfRules, loadCatalog } from '../conformance/rules/catalog.ts';
import { couldJudgeOn } from '../conformance/rules/figures.ts';
import { shapeRuleId } from '../conformance/rules/shape-rules.ts';
import { offerOf } from '../conformance/rules/target-offer.ts';
import { loadDocument } from '../src/spec/document.ts';
import { indexOperations } from '../src/spec/operation-index.ts';
import { targetOptionsOf } from '../harness/inputs.ts';
import { FAULT_PROOFS } from '../src/faults/fault-proofs.ts';
import { FAULT_CATALOG } from '../src/faults/index.ts';
import { startStandIn } from '../test/support/stand-in.ts';
import { judgedFully, judgedFullyMarkdown, type Measure } from './judged-fully-figures.ts';

const { values } = parseArgs({
  options: { json: { type: 'string', multiple: true }, out: { type: 'string' }, offer: { type: 'string', default: 'full' } },
});
/** Each offer: the target options it adds to the stand-in's inputs, and how the page names it. */
const OFFERS = {
  inputs: { options: {}, named: 'only its inputs' },
  receiver: { options: { webhookReceiverUrl: 'https://receiver.example' }, named: 'its inputs and a receiver' },
  full: { options: { webhookReceiverUrl: 'https://receiver.example', waitForRetries: true }, named: 'its inputs, a receiver and waiting' },
};
if (!Object.hasOwn(OFFERS, values.offer)) throw new Error(`--offer is one of ${Object.keys(OFFERS).join(', ')}`);
const OFFER = OFFERS[values.offer as keyof typeof OFFERS];

function filesOf(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(path, name));
}

/** A measure's file; one written before the measure stored its mode is `{fault: {failed, warned}}` alone. */
function readMeasure(file: string): Measure {
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${file} is not what measure-stand-in-proofs.ts --json writes`);
  if (parsed.faults) return { file: basename(file), mode: parsed.mode, faults: parsed.faults };
  return { file: basename(file), faults: parsed };
}

/** What a deployment offers (issue 22): a stand-in's inputs, and with `--offer` a receiver it reaches and waiting out minutes. */
async function deploymentOffer() {
  const standIn = await startStandIn();
  await standIn.server.close();
  return offerOf({ ...targetOptionsOf(standIn.inputs), ...OFFER.options });
}

/**
 * Shape rules that rest only on parts the document marks x-inferred: the body-schema observer
 * marks a problem of an x-inferred operation inferred unless its answer is stated on a shown route
 * (conventions/body-schema.ts), so they warn at most against a deployment (spec README, reading 3).
 */
const INFERRED_ONLY = new Set(
  [...indexOperations(loadDocument('crm')).values()]
    .filter((operation) => operation.isInferred && !(operation.isAnswerStated && !operation.isRouteInferred))
    .map((operation) => shapeRuleId(operation.id)),
);

const measures = (values.json ?? ['docs/stand-in-proofs']).flatMap(filesOf).map(readMeasure);
const figure = judgedFully({
  measures,
  rules: loadCatalog()
    .filter((rule) => rule.checks.length && !rule.unobservable)
    .map((rule) => ({ ...rule, reading: rule.reading !== undefined, inferredOnly: INFERRED_ONLY.has(rule.id) })),
  faults: FAULT_CATALOG.filter((fault) => !fault.hunt).map((fault) => {
    const proves = FAULT_PROOFS[fault.name] ?? [];
    return { name: fault.name, area: areaOfRules(proves) ?? 'unknown', proves };
  }),
  couldJudge: couldJudgeOn(await deploymentOffer()),
});
const heading = `Rules judged fully on a deployment stand-in with ${OFFER.named} (issue 22)`;
const markdown = judgedFullyMarkdown(figure, heading, OFFER.named);
if (values.out) writeFileSync(values.out, markdown);
else process.stdout.write(markdown);
