// The mutation test of the events family (mutation-suite.ts). Its runs wait on deliveries, and for
// events that must not come, more than they compute: the faults run side by side.
import { mutationSuite } from './mutation-suite.ts';

mutationSuite('events', { sideBySide: true });
