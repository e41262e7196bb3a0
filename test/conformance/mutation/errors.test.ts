// The mutation test of the errors area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('errors');
