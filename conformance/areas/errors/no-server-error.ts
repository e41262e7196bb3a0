// Spec 7.2: 5xx is a service failure or a failed dependency; no request of the suite gets one.
// Judged on every exchange (what code a 500 carries is errors.internal, the envelope observer's).
import type { Observer } from '../../check.ts';

export const noServerError: Observer = {
  kind: 'observer',
  id: 'errors.no-server-error',
  area: 'errors',
  title: 'no request of the suite, however bad, gets a 5xx',
  spec: '7.2',
  basis: 'documented',
  judge({ status }) {
    return [{ rule: 'errors.status-5xx', problem: status >= 500 ? `answered ${status}` : undefined }];
  },
};
