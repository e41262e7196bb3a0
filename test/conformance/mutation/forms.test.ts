// The mutation test of the forms family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('forms');
