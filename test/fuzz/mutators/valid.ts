// The operation's documented example as is: the baseline every mutation departs from, which
// must itself be answered as the document says.
import { baseRequest, caseOf, type Mutator } from '../fuzz-case.ts';

export const validMutators: Mutator[] = [
  { name: 'valid-example', make: (context) => caseOf(context, 'valid-example', baseRequest(context)) },
];
