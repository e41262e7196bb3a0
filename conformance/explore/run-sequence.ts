// Runs a sequence on the target and on a fresh oracle workspace, step by step (the target first,
// then the oracle, so that a time the target wrote is never later than the oracle's), compares
// each pair of answers, and at the end reads back every record the run made on both sides: the
// state read back. A step whose reference one side cannot resolve (its create was refused there,
// which is a divergence of its own) is skipped; so is a route the spec does not show that the
// deployment does not offer (conformance/inferred-route.ts's test, here without a context).
import type { Exchange } from '../exchange.ts';
import { compareExchanges, type Difference, type RefsOf } from './compare.ts';
import type { DeliveredEvents } from './delivered-events.ts';
import { operationOf } from './document-schemas.ts';
import { resourceNamed } from './resources.ts';
import { isCursorOf, isRef, isStageOf, OWNER_REF, type StageOf, type Step } from './step.ts';
import type { Side } from './sides.ts';
import { fieldsReadBack, noteFilteredOn, unlistedFields, type FilteredOn } from './query-fields.ts';

export type Executed = { step: Step; target: Exchange; oracle: Exchange; differences: Difference[] };
/** `numbers`: the first `number` each side gave each of the run's records, by reference. */
/** `sentBefore`: the keys each record's accepted creates and changes sent, by reference. */
export type SequenceRun = {
  executed: Executed[];
  skipped: number;
  notOffered: Set<string>;
  numbers: { target: Map<number, unknown>; oracle: Map<number, unknown> };
  sentBefore: Map<number, Set<string>>;
  /** The fields each entity's accepted queries filtered on (query-fields.ts). */
  filteredOn: FilteredOn;
  /** How many events about the run's records the oracle delivered and the target's were compared with (delivered-events.ts). */
  eventsCompared: number;
};

export type RunSides = {
  target: Side;
  oracle: Side;
  targetIsMock: boolean;
  signal?: AbortSignal | undefined;
  deadline?: number | undefined;
  /** The events each side delivers, compared after the read-back (none: the run has no receiver the target delivers to). */
  events?: DeliveredEvents | undefined;
  /** Told of each step once both answers are compared (progress, or a test that interrupts the run). */
  onExecuted?: ((executed: Executed) => void) | undefined;
};

export async function runSequence(steps: readonly Step[], sides: RunSides): Promise<SequenceRun> {
  const run: SequenceRun = {
    executed: [],
    skipped: 0,
    notOffered: new Set(),
    numbers: { target: new Map(), oracle: new Map() },
    sentBefore: new Map(),
    filteredOn: new Map(),
    eventsCompared: 0,
  };
  if (steps.some((step) => Object.values(step.body ?? {}).some((value) => isRef(value) && value.ref === OWNER_REF))) {
    for (const side of [sides.target, sides.oracle]) await readOwner(side);
  }
  await sides.events?.subscribe(sides.target, sides.oracle);
  try {
    for (const step of steps) {
      if (sides.signal?.aborted || (sides.deadline !== undefined && performance.now() > sides.deadline)) break;
      await runStep(step, sides, run);
      await sides.events?.afterStep(step, sides.target, sides.oracle);
    }
    for (const step of readBackSteps(steps, sides, run)) await runStep(step, sides, run);
    run.eventsCompared = (await sides.events?.compare(run.executed, refsOf(sides), sides.target)) ?? 0;
  } finally {
    await sides.events?.unsubscribe(sides.target);
  }
  return run;
}

async function runStep(step: Step, sides: RunSides, run: SequenceRun): Promise<void> {
  const operation = operationOf(step.operationId);
  for (const side of [sides.target, sides.oracle]) await readStages(step, side);
  const requests = [requestOf(step, sides.target), requestOf(step, sides.oracle)];
  const unsendable = step.as === 'other-workspace' && !sides.target.hasOtherWorkspace;
  if (!requests[0] || !requests[1] || unsendable || run.notOffered.has(operation.id)) return void run.skipped++;
  const target = await sides.target.send(operation.method.toUpperCase(), requests[0].path, requests[0].body, step.as);
  if (!sides.targetIsMock && notOffered(operation, target)) return void run.notOffered.add(operation.id);
  const oracle = await sides.oracle.send(operation.method.toUpperCase(), requests[1].path, requests[1].body, step.as);
  for (const [side, answer] of [
    [sides.target, target],
    [sides.oracle, oracle],
  ] as const) {
    side.answers.set(step.id, answer);
    const made = createdId(answer);
    if (step.creates && answer.status < 300 && made) side.ids.set(step.id, made);
  }
  const inferred = operation.isInferred;
  const refs = refsOf(sides);
  const differences = compareExchanges(target, oracle, refs, {
    method: operation.method.toUpperCase(),
    inferred,
    sent: step.body,
    sentBefore: run.sentBefore,
  });
  noteFilteredOn(step, target, oracle, run.filteredOn);
  const executed = {
    step,
    target,
    oracle,
    differences: [
      ...differences,
      ...renumbered(target, oracle, refs, run.numbers),
      ...unlistedFields(step, target, oracle, run.filteredOn),
      ...shortPage(step, target, oracle),
    ],
  };
  rememberSent(step, oracle, run.sentBefore);
  run.executed.push(executed);
  sides.onExecuted?.(executed);
}

/** Spec 4.13 and 8: `limit` defaults to 50 and a larger one than 250 is treated as 250. */
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 250;

/**
 * A page that is not the last holds as many items as the limit asked for (4.13: `limit`, max 250,
 * larger treated as 250; 8: timeline max 250): a target page with a next cursor and fewer items,
 * where the oracle's page holds more, is a divergence. Only a list's page (its `data`).
 */
function shortPage(step: Step, target: Exchange, oracle: Exchange): Difference[] {
  const [theirs, ours] = [target.json?.data, oracle.json?.data];
  if (target.status !== 200 || oracle.status !== 200 || !Array.isArray(theirs) || !Array.isArray(ours) || !target.json?.next_cursor)
    return [];
  const asked = typeof step.query.limit === 'string' ? Number(step.query.limit) : DEFAULT_LIMIT;
  const limit = Math.min(Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_LIMIT, MAX_LIMIT);
  if (theirs.length >= limit || ours.length <= theirs.length) return [];
  return [{ at: 'data.length', target: `${theirs.length} items and a next cursor (limit ${limit})`, oracle: ours.length }];
}

/** The id a create answered: its record's, or the record inside it (a webhook's create answers `{webhook, secret}`, spec 4.11). */
export function createdId(answer: Exchange): string | undefined {
  const id = answer.json?.id ?? answer.json?.webhook?.id;
  return typeof id === 'string' ? id : undefined;
}

/** The keys a create or change the oracle took sent for its record (sent as the run's own workspace). */
function rememberSent(step: Step, oracle: Exchange, sentBefore: SequenceRun['sentBefore']): void {
  const id = step.params.id;
  const ref = step.creates ? step.id : isRef(id) ? id.ref : undefined;
  if (ref === undefined || !step.body || step.as || oracle.status >= 300) return;
  const keys = sentBefore.get(ref) ?? new Set<string>();
  for (const key of Object.keys(step.body)) keys.add(key);
  sentBefore.set(ref, keys);
}

/**
 * A record's `number` is the server's to assign, so it is not compared with the oracle's; but once
 * given it stays (spec 2.1: "Assigned on create, never reused, kept on restore"): a
 * number that changes on the target while the oracle's stays is a divergence.
 */
function renumbered(target: Exchange, oracle: Exchange, refs: RefsOf, numbers: SequenceRun['numbers']): Difference[] {
  const changes = (answer: Exchange, side: keyof RefsOf) =>
    recordsOf(answer.json).flatMap((record) => {
      const ref = refs[side].get(record.id);
      if (ref === undefined || record.number === undefined) return [];
      const first = numbers[side].get(ref);
      if (first === undefined) numbers[side].set(ref, record.number);
      return first === undefined || first === record.number ? [] : [{ ref, first, now: record.number }];
    });
  const oracleChanged = new Set(changes(oracle, 'oracle').map((change) => change.ref));
  return changes(target, 'target')
    .filter((change) => !oracleChanged.has(change.ref))
    .map(({ ref, first, now }) => ({
      at: `number of @${ref}`,
      target: `${String(first)}, then ${String(now)}`,
      oracle: 'the same number',
    }));
}

function recordsOf(body: any): { id: string; number?: unknown }[] {
  const items = Array.isArray(body?.data) ? body.data : [body];
  return items.filter((item: any) => typeof item?.id === 'string');
}

/** The side's owner (spec 2.7, `role: owner` in the members list), under OWNER_REF; none leaves the steps naming it skipped. */
async function readOwner(side: Side): Promise<void> {
  const members = await side.send('GET', '/v1/members?limit=100', undefined);
  const owner = Array.isArray(members.json?.data) ? members.json.data.find((member: any) => member.role === 'owner') : undefined;
  if (typeof owner?.id === 'string') side.ids.set(OWNER_REF, owner.id);
}

/** The route is one the spec does not show, and the deployment answers as if it had none. */
function notOffered(operation: ReturnType<typeof operationOf>, answer: Exchange): boolean {
  if (!operation.isRouteInferred) return false;
  const code = answer.json?.error?.code;
  return answer.status === 405 || answer.status === 501 || (answer.status === 404 && code !== 'not_found' && code !== 'gone');
}

function refsOf(sides: RunSides): RefsOf {
  const reverse = (ids: Map<number, string>) => new Map([...ids].map(([ref, id]) => [id, ref]));
  return { target: reverse(sides.target.ids), oracle: reverse(sides.oracle.ids) };
}

/** The path and body of a step on one side, its references resolved; undefined when one cannot be. */
export function requestOf(step: Step, side: Side): { path: string; body: unknown } | undefined {
  const operation = operationOf(step.operationId);
  let path = operation.path;
  for (const [name, ref] of Object.entries(step.params)) {
    const id = typeof ref === 'string' ? ref : idOf(ref, side);
    if (id === undefined) return undefined;
    path = path.replace(`{${name}}`, encodeURIComponent(id));
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(step.query)) {
    const resolved = isCursorOf(value) ? side.answers.get(value.cursorOf)?.json?.next_cursor : isRef(value) ? idOf(value, side) : value;
    if (typeof resolved !== 'string' || !resolved) return undefined;
    query.set(name, resolved);
  }
  let unresolved = false;
  const resolve = (value: unknown): unknown => {
    const id = isRef(value) ? idOf(value, side) : isStageOf(value) ? stageOf(value, side) : value;
    if (id === undefined) unresolved = true;
    if (id !== value || !value || typeof value !== 'object') return id;
    return Array.isArray(value)
      ? value.map(resolve)
      : Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, resolve(inner)]));
  };
  const body = step.body && resolve(step.body);
  return unresolved ? undefined : { path: query.size ? `${path}?${query}` : path, body };
}

/** The pipeline of the lead a stage move names, read once per side (`GET /v1/pipelines/{id}`, a route the spec does not show: none, no move). */
async function readStages(step: Step, side: Side): Promise<void> {
  for (const value of Object.values(step.body ?? {})) {
    const pipeline = isStageOf(value) ? side.answers.get(value.stageOf)?.json?.pipeline_id : undefined;
    if (typeof pipeline !== 'string' || side.stages.has(pipeline)) continue;
    const read = await side.send('GET', `/v1/pipelines/${encodeURIComponent(pipeline)}`, undefined);
    side.stages.set(pipeline, read.status === 200 && Array.isArray(read.json?.stages) ? read.json.stages : []);
  }
}

/** The id of the lead's pipeline's stage of that type on a side, under a workspace reference so that both sides' ids compare as one. */
function stageOf(value: StageOf, side: Side): string | undefined {
  const pipeline = side.answers.get(value.stageOf)?.json?.pipeline_id;
  const stage = side.stages.get(pipeline)?.find((candidate) => candidate.type === value.type);
  if (stage) side.ids.set(stageRef(value), stage.id);
  return stage?.id;
}

/** A reference of the workspace's own (below OWNER_REF): the stage a move named. */
function stageRef(value: StageOf): number {
  return OWNER_REF - 1 - value.stageOf * 2 - (value.type === 'won' ? 0 : 1);
}

/** A reference's id on a side; an unknown one keeps the type and changes the random part (spec 2.2's shape). */
function idOf(ref: { ref: number; unknown?: true }, side: Side): string | undefined {
  const id = side.ids.get(ref.ref);
  return id && ref.unknown ? `${id.slice(0, -6)}zzzzzz` : id;
}

/** A read of every record the sequence made (a tag's through the list), after its last step. */
function readBackSteps(steps: readonly Step[], sides: RunSides, run: SequenceRun): Step[] {
  const reads = steps.flatMap((step) => {
    const resource = step.creates && resourceNamed(step.creates);
    if (!resource?.read || !sides.target.ids.has(step.id)) return [];
    return [{ id: -1 - step.id, operationId: resource.read, params: { id: { ref: step.id } }, query: {}, variant: 'valid' as const }];
  });
  const tags = steps.some((step) => step.creates === 'tag' && sides.target.ids.has(step.id))
    ? [{ id: -100_000, operationId: 'listTags', params: {}, query: {}, variant: 'valid' as const }]
    : [];
  return [...reads, ...tags, ...fieldsReadBack(run.filteredOn)];
}
