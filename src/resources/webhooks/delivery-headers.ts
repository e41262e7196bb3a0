// The headers every delivery carries (spec 6.1, 6.5), webhook and app lifecycle alike; the
// sender adds `Svc-Signature` over them (spec 6.2). `Svc-Timestamp` is the wall clock's seconds
// at signing: receivers hold it to their own clock (5 minutes), so it is never the workspace's,
// which tests move; the event keeps its workspace times.
import type { MockState } from '../../mock-state.ts';
import { docsSite } from '../../errors/docs-url.ts';

export function deliveryHeaders(state: MockState, eventType: string, deliveryId: string, timestampSeconds: number): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': `Svc-Webhooks/1.0 (+${docsSite(state.config)}/webhooks)`,
    'Svc-Event': eventType,
    'Svc-Delivery': deliveryId,
    'Svc-Timestamp': String(timestampSeconds),
  };
}
