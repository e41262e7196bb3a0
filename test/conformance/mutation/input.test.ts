// The mutation test of the input family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('input');
