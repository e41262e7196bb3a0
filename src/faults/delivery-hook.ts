// Where webhook deliveries meet the named faults. A delivery is sent by the mock's queue, not
// answered to a request, so the faults that break delivery rules cannot wrap the request handle:
// the queue passes each attempt through here before it is signed and sent (delivery.ts,
// prepareAttempt). With no fault switched on, the attempt goes out as the spec has it.
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import type { AttemptInfo } from './fault.ts';
import { webhookFaults } from './webhook-faults.ts';

export async function attemptWithFaults(attempt: UnsignedAttempt, info: AttemptInfo): Promise<UnsignedAttempt> {
  if (info.state.faults.size === 0) return attempt;
  let changed = attempt;
  for (const fault of webhookFaults) {
    if (fault.alterAttempt && info.state.faults.has(fault.name)) changed = await fault.alterAttempt({ ...changed, headers: { ...changed.headers } }, info);
  }
  return changed;
}
