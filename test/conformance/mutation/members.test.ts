// The mutation test of the members area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('members');
