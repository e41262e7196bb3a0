import type { Observer } from '../../check.ts';

export const documentedStatus: Observer = {
  kind: 'observer',
  id: 'responses.documented-status',
  family: 'responses',
  title: 'every answer has a status the document lists for its operation',
  spec: '7.2',
  basis: 'documented',
  observe({ operation, status }) {
    if (!operation) return undefined;
    const listed = [String(status), `${String(status)[0]}XX`, 'default'].some((key) => operation.responseStatuses.includes(key));
    return listed ? undefined : `${operation.id} answered ${status}, which the document does not list (${operation.responseStatuses.join(', ')})`;
  },
};
