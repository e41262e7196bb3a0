// What a scenario file holds once loaded (scenarios/scenario.schema.json is the authority; these
// types follow it). A matcher is any YAML value: see scenarios/runner/match.ts.
export type Matcher = unknown;

export type Scenario = {
  /** The file it was loaded from, as given. */
  file: string;
  title: string;
  description: string;
  /** Sections of the spec the story walks through, for the reader. */
  spec?: string[];
  /** Why the story cannot pass yet: it runs, but its outcome is reported as pending. */
  pending?: string;
  setup: Setup;
  steps: Step[];
  /** Steps that run after the story however it ended: they delete what it made. */
  cleanup: Step[];
  /** The line of each step in its file (1-based), and of the setup (1 without one), for messages. */
  stepLines: number[];
  cleanupLines: number[];
  setupLine: number;
};

export type Setup = {
  workspace?: Record<string, unknown>;
  clock?: ClockChange;
  keys?: Record<string, Record<string, unknown>>;
  receiver?: ReceiverAnswer;
  variables?: Record<string, unknown>;
} & Partial<Record<ContentKind, Record<string, unknown>[]>>;

/** Content the web app makes and the public API does not, added through the control API. */
export const CONTENT_KINDS = ['pipelines', 'channels', 'forms', 'apps', 'members', 'teams', 'fields'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export type Origin = 'base' | 'hub' | 'workspace';

export type HttpRequestSpec = {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  body?: unknown;
  /** `owner` (default), `none`, a key named in setup, or a token (`${tokens.access_token}`). */
  credential?: string;
  origin?: Origin;
};

export type Expect = { status?: number | number[]; headers?: Record<string, Matcher>; body?: Matcher };

export type CaptureSpec = string | { from: string; match: string } | { from: string; where: Matcher } | { from: string; find: Matcher };

export type ClockChange = { freeze?: boolean; set?: string; advance?: number | string };

export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string>; path?: string };

export type ReceivedCheck = {
  where?: Matcher;
  includes?: Matcher[];
  excludes?: Matcher[];
  /** Events (webhooks: by Svc-Event-Id, a duplicate delivery or a retry counting once). */
  count?: number | Matcher;
  /** Webhooks only: requests received, every retry and duplicate counted. */
  attempts?: number | Matcher;
  /** Includes in this order (webhooks: by `occurred_at`, events of one instant in any order). */
  ordered?: boolean;
  wait?: number | string;
};

export type Step = {
  name: string;
  /** Names what the step does, for `needs:` of the steps that build on it. */
  id?: string;
  note?: string;
  pending?: string;
  /** Rests on a part the spec does not show: against a deployment a failure is pending, with this reason. */
  inferred?: string;
  /**
   * `control`: only where the control API moved the clock or made a message arrive; or names that
   * must be available: variables, or the `id` of an earlier step whose effect this one builds on.
   */
  needs?: 'control' | string[];
  /** The request is sent again until its answer is as expected, for up to this long. */
  wait?: number | string;
  /** A list: the request is sent once per item, as `${item}`. */
  each?: unknown;
  request?: HttpRequestSpec;
  control?: Omit<HttpRequestSpec, 'credential' | 'origin'>;
  clock?: ClockChange;
  receiver?: ReceiverAnswer;
  webhooks?: ReceivedCheck;
  events?: ReceivedCheck;
  expect?: Expect;
  capture?: Record<string, CaptureSpec>;
};

export const STEP_KINDS = ['request', 'control', 'clock', 'receiver', 'webhooks', 'events'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export function kindOf(step: Step): StepKind {
  const kind = STEP_KINDS.find((name) => step[name] !== undefined);
  if (!kind) throw new Error(`step "${step.name}" does nothing`);
  return kind;
}
