// The events family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { appLifecycle } from './app-lifecycle.ts';
import { conversationEvents } from './conversation-events.ts';
import { formEvents } from './form-events.ts';
import { leadEvents } from './lead-events.ts';
import { lifecycleRetries } from './lifecycle-retries.ts';
import { recordEvents } from './record-events.ts';
import { truncation } from './truncation.ts';
import { webhookDisabled } from './webhook-disabled.ts';

export const eventsChecks: Check[] = [
  leadEvents,
  recordEvents,
  truncation,
  conversationEvents,
  formEvents,
  webhookDisabled,
  appLifecycle,
  lifecycleRetries,
];
