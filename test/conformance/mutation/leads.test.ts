// The mutation test of the leads family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('leads');
