import type { Observer } from '../../check.ts';

export const noServerError: Observer = {
  kind: 'observer',
  id: 'responses.no-server-error',
  family: 'responses',
  title: 'no request of the suite, however bad, gets a 5xx',
  spec: '7.2',
  basis: 'documented',
  observe({ status }) {
    return status >= 500 ? `answered ${status}` : undefined;
  },
};
