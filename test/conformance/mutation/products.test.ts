// The mutation test of the products area (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('products');
