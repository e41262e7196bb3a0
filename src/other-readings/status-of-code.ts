// What the status readings (status-*.ts) share: an error code answered with another status the
// spec allows it, everything else of the answer kept.
import { errorOf, reanswered } from './error-answer.ts';
import type { Handle } from './other-reading.ts';

/** The handle with `code` answered `status` (when `applies` to the request, else as it was). */
export function answeringCodeWith(next: Handle, code: string, status: number, applies: (request: Request) => boolean = () => true): Handle {
  return async (request, info) => {
    const response = await next(request, info);
    if (response.status < 400 || response.status === status) return response;
    const error = await errorOf(response);
    return error?.code === code && applies(request) ? reanswered(request, response, error, { status }) : response;
  };
}
