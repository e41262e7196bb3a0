// What one scenario run holds: its target, the recording HTTP client of the conformance suite
// (so a failure shows the exchange the same way), the workspace and its keys, the variables,
// and the webhook receiver.
import { ConformanceClient } from '../../conformance/client.ts';
import type { Target as ConformanceTarget } from '../../conformance/target.ts';
import type { Receiver } from './receiver.ts';
import type { Target } from './target.ts';
import { Variables } from './variables.ts';

export type World = {
  target: Target;
  client: ConformanceClient;
  receiver: Receiver;
  vars: Variables;
  /** Keys by name: `owner` and those of setup.keys that could be made or were given. */
  keys: Map<string, string>;
  /** Why a named key of setup.keys is missing (against a deployment without --key NAME=KEY). */
  missingKeys: Map<string, string>;
  workspaceId: string | undefined;
  /** The control API answers for this workspace: clock moves, the event log, content. */
  control: boolean;
};

export function newWorld(target: Target, receiver: Receiver): World {
  return { target, client: clientFor(target, undefined), receiver, vars: new Variables(), keys: new Map(), missingKeys: new Map(), workspaceId: undefined, control: false };
}

/** The conformance suite's client, pointed at the target's origins; every request names its key. */
export function clientFor(target: Pick<Target, 'baseUrl' | 'hubUrl' | 'workspaceUrl'>, apiKey: string | undefined): ConformanceClient {
  const conformanceTarget: ConformanceTarget = {
    baseUrl: target.baseUrl,
    hubUrl: target.hubUrl,
    workspaceUrl: target.workspaceUrl,
    apiKey: apiKey ?? '',
    limitedKey: undefined,
    refusedKeys: { revoked: undefined, expired: undefined, ipRestricted: undefined },
    otherKey: undefined,
    formId: undefined,
    readOnly: false,
    mock: undefined,
  };
  return new ConformanceClient(conformanceTarget);
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
