// The mutation test of the query area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('query');
