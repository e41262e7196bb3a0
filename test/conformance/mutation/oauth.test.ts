// The mutation test of the oauth family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('oauth');
