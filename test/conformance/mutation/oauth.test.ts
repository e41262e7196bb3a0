// The mutation test of the oauth area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('oauth');
