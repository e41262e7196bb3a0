// The mutation test of the responses family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('responses');
