// The mutation test of the limits family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('limits');
