// The mutation test of the tasks area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('tasks');
