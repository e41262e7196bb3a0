// The mock's handle with other readings wrapped around it (other-reading.ts). The control API
// stays as it is: tests drive the mock through it.
import { withBody, withRequestBody } from '../wire/held-body.ts';
import type { MockState } from '../mock-state.ts';
import { useOtherReadingsInDeliveries } from './delivery-hook.ts';
import type { Handle, OtherReading } from './other-reading.ts';

export function withOtherReadings(handle: Handle, readings: OtherReading[], state: MockState): Handle {
  if (!readings.length) return handle;
  useOtherReadingsInDeliveries(state, readings);
  // Readings read bodies: they get standard Requests and Responses, not held ones (wire/held-body.ts).
  const sound: Handle = async (request, info) => withBody(await handle(request, info));
  const wrapped = readings.reduceRight<Handle>((next, reading) => reading.wrap(next, state), sound);
  return (request, info) =>
    new URL(request.url).pathname.startsWith('/_mock/') ? handle(request, info) : wrapped(withRequestBody(request), info);
}
