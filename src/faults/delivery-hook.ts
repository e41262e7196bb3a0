// Where webhook deliveries meet the named faults. A delivery is sent by the mock's queue, not
// answered to a request, so the faults that break delivery rules cannot wrap the request handle:
// the queue passes each attempt through here before it is signed and sent (delivery.ts,
// prepareAttempt), and each failed attempt's next time (recordAttempt). With no fault switched
// on, the attempt goes out, and is retried, as the spec has it.
import type { MockState } from '../mock-state.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import type { AttemptInfo, NextAttemptInfo } from './fault.ts';
import { webhookFaults } from './webhook-faults.ts';

export async function attemptWithFaults(attempt: UnsignedAttempt, info: AttemptInfo): Promise<UnsignedAttempt> {
  if (info.state.faults.size === 0) return attempt;
  let changed = attempt;
  for (const fault of webhookFaults) {
    if (fault.alterAttempt && info.state.faults.has(fault.name)) changed = await fault.alterAttempt({ ...changed, headers: { ...changed.headers } }, info);
  }
  return changed;
}

/** The next attempt after a failed one (the schedule's, unless a fault in the schedule is on). */
export function nextAttemptWithFaults(scheduled: number | null, info: NextAttemptInfo & { state: MockState }): number | null {
  if (info.state.faults.size === 0) return scheduled;
  let next = scheduled;
  for (const fault of webhookFaults) if (fault.alterNextAttempt && info.state.faults.has(fault.name)) next = fault.alterNextAttempt(next, info);
  return next;
}
