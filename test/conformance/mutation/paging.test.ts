// The mutation test of the paging family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('paging');
