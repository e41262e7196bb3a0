// A sequence of calls, generated from a seed: creates whose ids (and cursors) later calls take by
// reference to the step that made them, so that the same sequence runs against the target and the
// oracle (each resolving a reference to its own id) and a shorter one can be cut from it.
// Each move is in a file of its kind (record-moves.ts, change-moves.ts, list-moves.ts, tag-moves.ts,
// action-moves.ts, invalid-moves.ts); the state they share in generation.ts; a step's shape in step.ts.
import { action, deliveries } from './action-moves.ts';
import { edits, update } from './change-moves.ts';
import { type Generation, type Made, newGeneration, type SequenceOptions } from './generation.ts';
import { missingRequired, otherWorkspace, overLimit, unknownField, unknownId, wrongType } from './invalid-moves.ts';
import { list, nextPage, people, query, timeline } from './list-moves.ts';
import { type Move, MOVE_WEIGHTS } from './move-weights.ts';
import { Prng } from './prng.ts';
import { create, read, remove, restore } from './record-moves.ts';
import type { Step } from './step.ts';
import { mergeTags } from './tag-moves.ts';

/** `count` steps from `seed`; the marker goes into every name the steps write. */
export function generateSequence(seed: number, count: number, marker: string, options: SequenceOptions = {}): Step[] {
  const g = newGeneration(new Prng(seed), marker, options);
  return Array.from({ length: count }, (_, id) => nextStep(g, id));
}

/** The step a read or a follow-up owes first; else, once the run has two records of its own, a move drawn by its weight. */
function nextStep(g: Generation, id: number): Step {
  const derived = g.derivedReads.shift();
  if (derived) return derived(id);
  const next = g.followUps.shift();
  if (next && g.prng.chance(0.6)) return next(id);
  const live = g.made.filter((made) => !made.deleted);
  // Two records of the run's own first (the workspace's conversations of conversations.ts are there from the start).
  if (live.filter((made) => made.ref >= 0).length < 2) return create(g, id);
  let roll = g.prng.next() * MOVE_WEIGHTS.total;
  const move = MOVE_WEIGHTS.moves.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'create';
  return stepOf(g, move, id, live);
}

function stepOf(g: Generation, move: Move, id: number, live: Made[]): Step {
  const any = () => g.prng.pick(g.made);
  const alive = () => g.prng.pick(live);
  switch (move) {
    case 'create':
      return create(g, id);
    case 'read':
      return read(g, id, any());
    // A change of a record in the trash now and then: refused (410), and it stays as it was.
    case 'update':
      return update(g, id, g.prng.chance(0.15) ? any() : alive());
    case 'edits':
      return edits(g, id, live);
    case 'remove':
      return remove(g, id, alive());
    case 'restore':
      return restore(g, id);
    case 'list':
      return list(g, id);
    case 'next-page':
      return g.lists.length ? nextPage(g, id) : list(g, id);
    case 'timeline':
      return timeline(g, id);
    case 'merge-tags':
      return mergeTags(g, id);
    case 'query':
      return query(g, id);
    case 'people':
      return people(g, id);
    case 'action':
      return action(g, id, live);
    case 'deliveries':
      return deliveries(g, id);
    case 'unknown-id':
      return unknownId(g, id);
    case 'missing-required':
      return missingRequired(g, id);
    case 'over-limit':
      return overLimit(g, id, alive());
    case 'wrong-type':
      return wrongType(g, id, alive());
    case 'unknown-field':
      return unknownField(g, id, alive());
    case 'other-workspace':
      return otherWorkspace(g, id);
  }
}
