// The mutation test of the webhooks family (mutation-suite.ts).
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('webhooks');
