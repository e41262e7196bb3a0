// Where webhook and app lifecycle deliveries meet the other readings (other-reading.ts): the
// readings that change what a body looks like (times, key order, extra fields) cannot reach a
// delivery through the request handle, so they fill the delivery queue's `deliveredBody` seam
// (seams/delivery-seams.ts), which runs before the faults and the signature. This module holds no
// reading (the browser bundle of a mock without them carries none).
import type { MockState } from '../mock-state.ts';
import type { OtherReading } from './other-reading.ts';

/** The readings the mock of `state` takes write its deliveries' bodies, innermost first as the answers are (with-other-readings.ts). */
export function useOtherReadingsInDeliveries(state: MockState, readings: OtherReading[]): void {
  const writers = readings.filter((reading) => reading.alterDelivered);
  if (!writers.length) return;
  state.deliverySeams.add({
    deliveredBody: (body) => writers.reduceRight<unknown>((payload, reading) => reading.alterDelivered!(payload), body),
  });
}
