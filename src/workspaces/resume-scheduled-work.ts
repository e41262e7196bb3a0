// A snapshot holds records, not what was waiting on the workspace's clock. Every such piece of
// work follows from the records, so a restored workspace (snapshot PUT, `crmkit mock --state`)
// puts it back: waiting webhook attempts, snoozed conversations' wake-ups, messages still on
// their way, app lifecycle events waiting for their next attempt (spec 6.5).
import type { MockState } from '../mock-state.ts';
import { resumeAppDeliveries } from '../oauth/lifecycle-delivery.ts';
import { resumeWakeUps } from '../resources/conversations/conversation-states.ts';
import { resumeWalks } from '../resources/conversations/delivery-walk.ts';
import { resumeDeliveries } from '../resources/webhooks/delivery.ts';
import type { Workspace } from './workspace.ts';

export function resumeScheduledWork(state: MockState, workspace: Workspace): void {
  resumeDeliveries(state, workspace);
  resumeAppDeliveries(state, workspace);
  resumeWakeUps(state, workspace);
  resumeWalks(state, workspace);
}
