// `limit_reached` answers 422 in every case, not crmkit's 403 for a plan limit (the webhook
// count) and 409 for an object limit (lead contacts and product lines, the bulk undo window):
// spec 7.3 gives it "403, 409 or 422" without saying which case takes which, and 422 ("valid JSON
// that cannot be accepted", 7.2) fits a create over any limit.
import type { OtherReading } from './other-reading.ts';
import { answeringCodeWith } from './status-of-code.ts';

export const STATUS_LIMIT_REACHED: OtherReading[] = [
  {
    name: 'status-limit-reached',
    description: 'limit_reached answers 422 in every case instead of 403 (plan limits) or 409 (object limits).',
    leftOpenBy: '7.3: limit_reached "403, 409 or 422", plan or object limit, the case of each status not said.',
    wrap: answeringCodeWith('limit_reached', 422),
  },
];
