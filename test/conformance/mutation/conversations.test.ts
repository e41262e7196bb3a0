// The mutation test of the conversations area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('conversations');
