// The mutation test of the limits area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('limits');
