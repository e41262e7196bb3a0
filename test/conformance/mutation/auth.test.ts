// The mutation test of the auth area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('auth');
