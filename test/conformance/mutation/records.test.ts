// The mutation test of the records family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('records');
