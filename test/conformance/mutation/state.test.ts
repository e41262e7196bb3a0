// The mutation test of the state family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('state');
