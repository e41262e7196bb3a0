// The conversations family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { channelRules } from './channel-rules.ts';
import { clientActivity } from './client-activity.ts';
import { conversationCounts } from './counts.ts';
import { messageDelivery } from './delivery.ts';
import { conversationFields } from './fields.ts';
import { listFilters } from './list-filters.ts';
import { messengerChanges } from './messenger-changes.ts';
import { optOut } from './opt-out.ts';
import { conversationScopes } from './scopes.ts';
import { sendMessage } from './send.ts';
import { conversationStates } from './states.ts';

export const conversationsChecks: Check[] = [
  conversationFields,
  conversationCounts,
  clientActivity,
  sendMessage,
  messageDelivery,
  optOut,
  channelRules,
  messengerChanges,
  conversationStates,
  listFilters,
  conversationScopes,
];
