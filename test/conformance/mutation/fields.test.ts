// The mutation test of the fields area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('fields');
