// The mutation test of the webhooks area (mutation-suite.ts). Its runs wait on deliveries and on the
// real second before a retry more than they compute: the faults run side by side.
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('webhooks', { sideBySide: true });
