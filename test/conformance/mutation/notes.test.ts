// The mutation test of the notes area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('notes');
