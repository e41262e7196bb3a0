import type { Observer } from '../../check.ts';

export const contentType: Observer = {
  kind: 'observer',
  id: 'responses.content-type',
  family: 'responses',
  title: 'JSON answers say application/json',
  spec: '2.1',
  basis: 'documented',
  observe({ json, headers, operation }) {
    if (!operation || json === undefined) return undefined;
    return headers['content-type']?.startsWith('application/json') ? undefined : `a JSON body with Content-Type ${headers['content-type'] ?? '(none)'}`;
  },
};
