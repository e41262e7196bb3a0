// The mutation test of the events family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('events');
