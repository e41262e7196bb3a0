// What the status readings (status-*.ts) share: an error code answered with another status the
// spec allows it, everything else of the answer kept.
import { onErrorCode } from '../faults/fault.ts';
import { reanswered } from './error-answer.ts';
import type { Handle } from './other-reading.ts';

export function answeringCodeWith(code: string, status: number): (next: Handle) => Handle {
  return onErrorCode(code, (response, body, request) =>
    response.status === status ? response : reanswered(request, response, body, { status }),
  );
}
