// The mutation test of the contacts area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('contacts');
