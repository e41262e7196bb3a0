// Every fuzz mutator, in a fixed order: case i of a run takes operation i mod n and mutator
// floor(i / n) mod m, so that a run of n x m cases tries each mutator on each operation once.
import type { Mutator } from '../fuzz-case.ts';
import { bodyEncodingMutators } from './body-encoding.ts';
import { bodyValueMutators } from './body-values.ts';
import { framingMutators } from './framing.ts';
import { headerMutators } from './headers.ts';
import { methodMutators } from './methods.ts';
import { targetMutators } from './targets.ts';
import { validMutators } from './valid.ts';

export const MUTATORS: readonly Mutator[] = [
  ...validMutators,
  ...bodyValueMutators,
  ...bodyEncodingMutators,
  ...methodMutators,
  ...headerMutators,
  ...targetMutators,
  ...framingMutators,
];
