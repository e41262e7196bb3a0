// The mutation test of the tags area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('tags');
