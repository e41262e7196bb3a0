// A step of a generated sequence (sequence.ts): what it sends, and the references it takes to the
// steps that made the records it names, so that each side resolves a reference to its own id and a
// shorter sequence can be cut from it (shrink.ts).
import type { ResourceName } from './resources.ts';

/** The id a step made (its `creates`), or an id of that type no record has (`unknown`: an invalid variant). */
export type Ref = { ref: number; unknown?: true };

/**
 * The workspace's owner (spec 2.7: one per workspace), the one member a run may name: tasks made
 * with a key need an assignee (crmkit's reading of 4.10). Each side reads its own from its members.
 */
export const OWNER_REF = -1_000_000;
/** The next page's cursor of the list a step read. */
export type CursorOf = { cursorOf: number };
/** The won or lost stage of the pipeline a lead (made by step `stageOf`) is in: each side reads its own pipeline. */
export type StageOf = { stageOf: number; type: 'won' | 'lost' };

export type Variant = 'valid' | 'unknown-id' | 'missing-required' | 'wrong-type' | 'over-limit' | 'unknown-field' | 'other-workspace';

export type Step = {
  /** Its place in the generated sequence; references name it, so it stays when steps around it are cut. */
  id: number;
  operationId: string;
  /** Path parameters: a reference, or a literal (a query's entity). */
  params: Record<string, Ref | string>;
  query: Record<string, string | Ref | CursorOf>;
  body?: Record<string, unknown>;
  /** The resource a create makes (its answer's `id` is this step's reference). */
  creates?: ResourceName;
  variant: Variant;
  /** Sent as a second workspace (spec 1: it must not see, change or delete the run's records). */
  as?: 'other-workspace';
};

export function isRef(value: unknown): value is Ref {
  return typeof value === 'object' && value !== null && typeof (value as Ref).ref === 'number';
}

export function isStageOf(value: unknown): value is StageOf {
  return typeof value === 'object' && value !== null && typeof (value as StageOf).stageOf === 'number';
}

export function isCursorOf(value: unknown): value is CursorOf {
  return typeof value === 'object' && value !== null && typeof (value as CursorOf).cursorOf === 'number';
}

/** The steps a step takes references from. */
export function dependenciesOf(step: Step): number[] {
  return [...Object.values(step.params), ...Object.values(step.query), step.body].flatMap(referencesIn);
}

/** The steps a value takes references from, however deep (a query's conditions). */
function referencesIn(value: unknown): number[] {
  if (isRef(value)) return value.ref === OWNER_REF ? [] : [value.ref];
  if (isCursorOf(value)) return [value.cursorOf];
  if (isStageOf(value)) return [value.stageOf];
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  return value && typeof value === 'object' ? Object.values(value).flatMap(referencesIn) : [];
}
