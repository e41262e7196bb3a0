// `crmkit explore`: a seeded sequence of calls, sent to the target and to an oracle (a crmkit
// workspace in this process that mirrors the records the run makes), compared answer by answer;
// each divergence shrunk to the shortest sequence that still shows it, and the run's records
// deleted at the end (also when interrupted). Against a deployment it sends only records it
// made, named with its marker, and never the control API (conformance/target.ts provisions a
// workspace only on a mock).
import { ConformanceClient } from '../client.ts';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';
import { controlPost, releaseTarget, resolveTarget, type Target, type TargetOptions } from '../target.ts';
import { addCustomFields } from './custom-fields.ts';
import { addConversations, CONVERSATION_REFS } from './conversations.ts';
import { addPeople, httpPoster } from './members.ts';
import type { Difference } from './compare.ts';
import { operationOf } from './document-schemas.ts';
import { RESOURCES, type Resource } from './resources.ts';
import { runSequence, type Executed, type RunSides, type SequenceRun } from './run-sequence.ts';
import { rulesTouched } from './rules-touched.ts';
import { generateSequence } from './sequence.ts';
import type { Step } from './step.ts';
import { closed, shrink } from './shrink.ts';
import { createOracle, oracleSide, Pace, SETTLE_BODY, SETTLE_PATH, targetSide, type Side } from './sides.ts';
import { webhookTarget } from './webhook-target.ts';
import { DeliveredEvents } from './delivered-events.ts';

export type ExploreOptions = TargetOptions & {
  seed: number;
  /** How many calls the sequence has (the budget may end the run sooner). */
  calls: number;
  /** Seconds the exploration may take before shrinking and cleanup; none: until the calls are sent. */
  budgetSeconds?: number | undefined;
  /** Calls a second to the target at most (0: no pace, for a mock on this machine). */
  rate: number;
  /** How many divergences are shrunk (the rest are reported as found). */
  shrinkAtMost?: number;
  /** How many candidate sequences the shrinking of one divergence replays at most (each from scratch; one more replay confirms the result). */
  maxReplays?: number;
  /** Only these steps of the sequence (a shrunk divergence's, as its report gives them), with the steps they reference. */
  steps?: number[] | undefined;
  signal?: AbortSignal | undefined;
  onExecuted?: RunSides['onExecuted'];
};

/** `maxReplays` when none is given: enough for ddmin to cut a prefix of a few hundred steps to a handful (shrink.ts). */
export const DEFAULT_MAX_REPLAYS = 40;
/** The most `crmkit explore --max-replays` takes: each replay runs a sequence from scratch, so more would run for hours. */
export const MAX_REPLAYS_MOST = 1000;

export type Divergence = {
  signature: string;
  operationId: string;
  /** Steps of the sequence up to the diverging one, before shrinking. */
  originalLength: number;
  shrunkLength: number;
  /** Candidates the shrinking replayed (at most `maxReplays`; the confirming replay not counted). */
  replays: number;
  /** Whether the shrunk sequence, replayed once more, diverged again the same way. */
  reproduced: boolean;
  steps: Step[];
  /** The shrunk sequence's exchanges as the last replay made them, and the marker that replay's names carried. */
  exchanges: Executed[];
  marker: string;
  differences: Difference[];
  rules: string[];
};

export type ExploreReport = {
  seed: number;
  marker: string;
  target: { baseUrl: string; mock: boolean };
  calls: number;
  stepsRun: number;
  skipped: number;
  /** Events about the run's records the oracle delivered, compared with the target's (0: the run has no receiver the target delivers to). */
  eventsCompared: number;
  notOffered: string[];
  seconds: number;
  callsPerSecond: number;
  divergences: Divergence[];
  cleanup: { deleted: number; failed: number };
};

export async function runExplore(options: ExploreOptions): Promise<ExploreReport> {
  const target = await resolveTarget(options);
  const client = new ConformanceClient(target);
  const pace = new Pace(options.rate);
  const targetIsMock = target.mock !== undefined;
  const runId = Date.now().toString(36).slice(-5);
  const webhooks = await webhookTarget(client, targetIsMock, `x${runId}`);
  const oracle = createOracle(webhooks !== undefined);
  // The oracle's deliveries go to a receiver of its own, so that each side's events are told apart (delivered-events.ts).
  const oracleReceiver = webhooks && (await WebhookReceiver.start());
  let replay = 0;
  // Every replay writes its own marker (of the same length), so that its lists hold only its records.
  const markerOf = (n: number) => `x${runId}${String(n).padStart(3, '0')}`;
  const sidesMade: Side[] = [];
  // On a mock the run's workspace also gets the people of members.ts (the oracle's workspaces have them then too).
  const people = target.mock
    ? await addPeople(httpPoster(target.mock.controlUrl, target.mock.controlToken), target.mock.workspaceId)
    : new Map();
  const play = async (steps: Step[], deadline?: number): Promise<Played> => {
    const marker = markerOf(replay++);
    // On a mock each sequence gets conversations of its own on both sides (conversations.ts), its marker in their clients' names.
    const conversations = target.mock
      ? await addConversations(httpPoster(target.mock.controlUrl, target.mock.controlToken), target.mock.workspaceId, marker)
      : new Map<number, string>();
    const sides = {
      target: targetSide(client, pace, target.otherKey, new Map([...people, ...conversations]), settleOf(target.mock)),
      oracle: await oracleSide(oracle, people.size > 0, conversations.size ? marker : undefined),
      targetIsMock,
      signal: options.signal,
      deadline,
      events: webhooks && oracleReceiver && new DeliveredEvents({ target: webhooks.receiver, oracle: oracleReceiver }, marker),
      onExecuted: options.onExecuted,
    };
    sidesMade.push(sides.target);
    return { ...(await runSequence(remarked(steps, markerOf(0), marker), sides)), marker };
  };
  const started = performance.now();
  try {
    // On a mock the run's workspace gets the custom fields the oracle's have (custom-fields.ts); a deployment's records get no `custom`.
    if (target.mock)
      await addCustomFields(
        (path, body) => controlPost({ baseUrl: target.mock!.controlUrl, token: target.mock!.controlToken }, path, body),
        target.mock.workspaceId,
      );
    const generated = generateSequence(options.seed, options.calls, markerOf(0), {
      custom: targetIsMock,
      webhookUrl: webhooks?.url,
      ...(targetIsMock ? { conversations: CONVERSATION_REFS } : {}),
    });
    const chosen = options.steps && new Set(options.steps);
    const sequence = chosen ? closed(generated.filter((step) => chosen.has(step.id))) : generated;
    const deadline = options.budgetSeconds === undefined ? undefined : started + options.budgetSeconds * 1000;
    const run = await play(sequence, deadline);
    const seconds = (performance.now() - started) / 1000;
    const found = firstDivergences(run);
    const divergences: Divergence[] = [];
    for (const [index, executed] of found.entries()) {
      if (options.signal?.aborted) break;
      divergences.push(
        await shrunkDivergence(
          sequence,
          executed,
          index < (options.shrinkAtMost ?? 3) ? (options.maxReplays ?? DEFAULT_MAX_REPLAYS) : 0,
          play,
        ),
      );
    }
    const sent = run.executed.length;
    return {
      seed: options.seed,
      marker: markerOf(0),
      target: { baseUrl: target.baseUrl, mock: targetIsMock },
      calls: options.calls,
      stepsRun: sent,
      skipped: run.skipped,
      eventsCompared: run.eventsCompared,
      notOffered: [...run.notOffered],
      seconds,
      callsPerSecond: sent / seconds,
      divergences,
      cleanup: await cleanUp(sidesMade, client, pace, `x${runId}`),
    };
  } finally {
    await client.close();
    await webhooks?.receiver.close();
    await oracleReceiver?.close();
    await releaseTarget(target);
    // The oracle's clocks hold timers for its deliveries' next attempts, which would keep all of it alive for hours.
    oracle.state.reset();
  }
}

/** A mock target's settling (sides.ts): its control API's clock, moved by nothing. */
function settleOf(mock: Target['mock']): Side['settle'] {
  if (!mock) return undefined;
  const control = { baseUrl: mock.controlUrl, token: mock.controlToken };
  return async () => void (await controlPost(control, SETTLE_PATH(mock.workspaceId), SETTLE_BODY));
}

/** The sequence with the base marker replaced by a replay's (markers have one length: names keep their bounds). */
function remarked(steps: Step[], from: string, to: string): Step[] {
  return from === to ? steps : JSON.parse(JSON.stringify(steps).replaceAll(from, to));
}

/** What identifies a divergence across replays: the operation and where the answers differ (references left out). */
export function signatureOf(executed: Executed): string {
  const at = executed.differences[0]?.at.replace(/@\d+/g, '@') ?? '';
  return `${executed.step.operationId} ${at}`;
}

function firstDivergences(run: SequenceRun): Executed[] {
  const seen = new Set<string>();
  return run.executed.filter((executed) => {
    if (!executed.differences.length || seen.has(signatureOf(executed))) return false;
    seen.add(signatureOf(executed));
    return true;
  });
}

/** A run of a sequence, with the marker its names carried. */
type Played = SequenceRun & { marker: string };
type Play = (steps: Step[]) => Promise<Played>;

async function shrunkDivergence(sequence: Step[], found: Executed, maxReplays: number, play: Play): Promise<Divergence> {
  const signature = signatureOf(found);
  // A read-back step (negative id) comes after the whole sequence.
  const prefix = sequence.filter((step) => found.step.id < 0 || step.id <= found.step.id);
  const showing = (run: SequenceRun) => run.executed.find((executed) => executed.differences.length && signatureOf(executed) === signature);
  const { steps, replays } = await shrink(prefix, async (candidate) => showing(await play(candidate)) !== undefined, maxReplays);
  const again = await play(steps);
  const shown = showing(again) ?? found;
  const codes = [shown.target.json?.error?.code, shown.oracle.json?.error?.code].filter((code): code is string => typeof code === 'string');
  const operation = operationOf(found.step.operationId);
  return {
    signature,
    operationId: found.step.operationId,
    originalLength: prefix.length,
    shrunkLength: steps.length,
    replays,
    reproduced: showing(again) !== undefined,
    steps,
    exchanges: again.executed,
    marker: again.marker,
    differences: shown.differences,
    rules: rulesTouched(operation.id, operation.path, shown.differences, codes),
  };
}

/**
 * Deletes every record the run made on the target, the last made first (notes before what they
 * are about), then any tag left with the run's marker in its name (a record's `tags` adds a name
 * missing from the catalog, spec 4.4: a name of a tag the target refused or had merged away).
 */
async function cleanUp(sides: Side[], client: ConformanceClient, pace: Pace, marker: string): Promise<{ deleted: number; failed: number }> {
  const tally = { deleted: 0, failed: 0 };
  await deleteRecords(sides, client, pace, tally);
  await pace.wait();
  const tags = await client.call('listTags').catch(() => undefined);
  const data: unknown = tags?.answer?.data;
  const left = Array.isArray(data)
    ? data.filter((tag): tag is { id: string; name: string } => typeof tag?.name === 'string' && tag.name.toLowerCase().startsWith(marker))
    : [];
  for (const tag of left) {
    await pace.wait();
    const answer = await client.call('deleteTag', { path: { id: tag.id } }).catch(() => undefined);
    if (answer && answer.status < 300) tally.deleted++;
    else tally.failed++;
  }
  return tally;
}

async function deleteRecords(
  sides: Side[],
  client: ConformanceClient,
  pace: Pace,
  tally: { deleted: number; failed: number },
): Promise<void> {
  for (const side of sides.reverse()) {
    for (const [ref, id] of [...side.ids].reverse()) {
      const creates = side.answers.get(ref)?.operation?.id;
      const resource = creates ? RESOURCE_BY_CREATE.get(creates) : undefined;
      if (!resource?.remove) continue;
      await pace.wait();
      const answer = await client.call(resource.remove, { path: { id } }).catch(() => undefined);
      // Already in the trash (410) is as good as deleted.
      if (answer && (answer.status < 300 || answer.status === 410 || answer.status === 404)) tally.deleted++;
      else tally.failed++;
    }
  }
}

const RESOURCE_BY_CREATE = new Map<string, Resource>(RESOURCES.map((resource) => [resource.create, resource] as const));
