// The mutation test of the query family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('query');
