// The mutation test of the conversations family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('conversations');
