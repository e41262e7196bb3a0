// What a step of a sequence does, and how often (sequence.ts draws one by these weights once the run
// has two live records of its own).

/** What a step does, and how often (out of the weights' total) once the run has two live records. */
export type Move =
  | 'create'
  | 'read'
  | 'update'
  | 'edits'
  | 'remove'
  | 'restore'
  | 'list'
  | 'next-page'
  | 'timeline'
  | 'merge-tags'
  | 'query'
  | 'people'
  | 'action'
  | 'deliveries'
  | 'unknown-id'
  | 'missing-required'
  | 'over-limit'
  | 'wrong-type'
  | 'unknown-field'
  | 'other-workspace';
const MOVES: [Move, number][] = [
  ['create', 20],
  ['read', 11],
  ['update', 12],
  ['edits', 4],
  ['remove', 7],
  ['restore', 6],
  ['list', 10],
  ['next-page', 5],
  ['timeline', 4],
  ['merge-tags', 2],
  ['query', 4],
  ['people', 1],
  ['action', 3],
  ['deliveries', 2],
  ['unknown-id', 5],
  ['missing-required', 4],
  ['over-limit', 4],
  ['wrong-type', 3],
  ['unknown-field', 3],
  ['other-workspace', 5],
];
export const MOVE_WEIGHTS = { moves: MOVES, total: MOVES.reduce((sum, [, weight]) => sum + weight, 0) };
