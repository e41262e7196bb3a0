// Where webhook and app lifecycle deliveries meet the other readings (other-reading.ts), as
// faults/delivery-hook.ts is where they meet the named faults. A delivery is sent by the queue,
// not answered to a request, so the readings that change what a body looks like (times, key
// order, extra fields) cannot reach it through the request handle: the queue passes each attempt
// through here before the faults and the signature (resources/webhooks/webhook-attempt.ts,
// app-attempt.ts). Without other readings the attempt goes out as it is; this module holds no
// reading (the browser bundle of a mock without them carries none).
import type { MockState } from '../mock-state.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import type { OtherReading } from './other-reading.ts';

const readingsOf = new WeakMap<MockState, OtherReading[]>();

/** The readings the mock of `state` takes (with-other-readings.ts). */
export function useOtherReadingsInDeliveries(state: MockState, readings: OtherReading[]): void {
  readingsOf.set(state, readings);
}

/** The attempt with its body as the readings write it, innermost first as the answers are. */
export function attemptWithOtherReadings<T extends Pick<UnsignedAttempt, 'body'>>(attempt: T, state: MockState): T {
  const readings = readingsOf.get(state)?.filter((reading) => reading.alterDelivered);
  if (!readings?.length) return attempt;
  const body = readings.reduceRight<unknown>((payload, reading) => reading.alterDelivered!(payload), JSON.parse(attempt.body));
  return { ...attempt, body: JSON.stringify(body) };
}
