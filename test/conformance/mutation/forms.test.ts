// The mutation test of the forms area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('forms');
