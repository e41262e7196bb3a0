// The mutation test of the leads area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('leads');
