// The mutation test of the conventions area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('conventions');
