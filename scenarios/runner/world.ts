// What one scenario run holds: its target, the recording HTTP client of the conformance suite
// (so a failure shows the exchange the same way), the workspace and its keys, the variables,
// and the webhook receiver.
import { ConformanceClient } from '../../conformance/client.ts';
import type { WebhookReceiver } from '../../harness/webhook-receiver.ts';
import type { MatchContext } from './match.ts';
import type { Target } from '../../harness/target.ts';
import { UnknownVariable, Variables } from './variables.ts';

export type World = {
  target: Target;
  client: ConformanceClient;
  receiver: WebhookReceiver;
  vars: Variables;
  /** Keys by name: `owner` and those of setup.keys that could be made or were given. */
  keys: Map<string, string>;
  /** Why a named key of setup.keys is missing (against a deployment without --key NAME=KEY). */
  missingKeys: Map<string, string>;
  workspaceId: string | undefined;
  /** The control API answers for this workspace: clock moves, the event log, content. */
  control: boolean;
  /** The story's clock against the target's, for `$time` (scenarios/runner/match.ts). */
  clock: StoryClock;
};

/**
 * `set`: the story has set its clock (setup.clock.set or a clock step), so its written times
 * mean something. On a mock the story's clock is the workspace's (`shiftMs` 0), exact while
 * `frozen`; on a deployment it only exists in the story: `shiftMs` is how far the target's real
 * clock stands from it (the clock steps that were skipped move the story's clock, not the target's).
 */
export type StoryClock = { set: boolean; frozen: boolean; shiftMs: number };

/** A deployment's clock may stand a little off the runner's, and a request takes its time. */
export const TIME_TOLERANCE_MS = 5 * 60_000;

export function matchContext(world: World): MatchContext {
  const { set, frozen, shiftMs } = world.clock;
  if (!set) return { time: { unknown: 'the story never set (setup.clock.set or a clock step with set)' } };
  return { time: frozen ? { exact: true } : { exact: false, shiftMs, toleranceMs: TIME_TOLERANCE_MS } };
}

export function newWorld(target: Target, receiver: WebhookReceiver): World {
  const world: World = {
    target,
    client: clientFor(target, undefined),
    receiver,
    vars: new Variables(),
    keys: new Map(),
    missingKeys: new Map(),
    workspaceId: undefined,
    control: false,
    clock: { set: false, frozen: false, shiftMs: 0 },
  };
  world.vars.storyTime = (written) => storyTime(world, written);
  return world;
}

/**
 * `${time:…}`: a time the story sends, written on its clock. On a mock it is sent as written; on
 * a deployment it is moved by as much as the deployment's clock stands from the story's, so that
 * "three hours from now" stays three hours from now.
 */
function storyTime(world: World, written: string): string {
  if (Number.isNaN(Date.parse(written))) throw new UnknownVariable(`\${time:${written}}: not a time`);
  if (!world.clock.set) throw new UnknownVariable(`\${time:${written}}: the story never set its clock (setup.clock.set)`);
  return world.clock.shiftMs === 0 ? written : new Date(Date.parse(written) + world.clock.shiftMs).toISOString();
}

/** The conformance suite's client, pointed at the target's origins; every request names its key. */
export function clientFor(target: Pick<Target, 'baseUrl' | 'hubUrl' | 'workspaceUrl'>, apiKey: string | undefined): ConformanceClient {
  return new ConformanceClient({ baseUrl: target.baseUrl, hubUrl: target.hubUrl, workspaceUrl: target.workspaceUrl, apiKey: apiKey ?? '' });
}

/** What a control call sends as its key: the mock's control token (`--control-token`), or nothing. */
export function controlKey(world: World): string | null {
  return world.target.controlToken ?? null;
}

/** Thrown by a step that did not get what the story expects. */
export class StepFailure extends Error {
  readonly evidence: string | undefined;
  /** What the step did before it failed: `POST /v1/leads → 422`. */
  readonly summary: string | undefined;
  constructor(message: string, evidence?: string, summary?: string) {
    super(message);
    this.evidence = evidence;
    this.summary = summary;
  }
}

/** Thrown by a step that cannot run on this target. */
export class StepSkipped extends Error {}

export const NO_CONTROL = 'needs the control API of a crmkit mock, which this target does not have';
