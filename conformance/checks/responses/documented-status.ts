// Spec 7.2: every answer has a status the document lists for its operation; spec 7.3: a code
// outside the table is still answered with a documented status (errors.complete-list-not-shown,
// the finer rule, takes an undocumented status that comes with a code the table does not know).
import { readErrorCatalog } from '../../../src/errors/error-catalog.ts';
import { loadDocument } from '../../../src/spec/document.ts';
import type { Observer } from '../../check.ts';

const codes = readErrorCatalog(loadDocument('crm'));

export const documentedStatus: Observer = {
  kind: 'observer',
  id: 'responses.documented-status',
  family: 'responses',
  title: 'every answer has a status the document lists for its operation',
  spec: '7.2',
  basis: 'documented',
  judge({ operation, status, json }) {
    if (!operation) return [];
    const listed = [String(status), `${String(status)[0]}XX`, 'default'].some((key) => operation.responseStatuses.includes(key));
    const statuses = operation.responseStatuses.join(', ');
    const problem = listed ? undefined : `${operation.id} answered ${status}, which the document does not list (${statuses})`;
    const code = json?.error?.code;
    const unknownCode = status >= 400 && typeof code === 'string' && !codes.has(code);
    return [{ rule: unknownCode ? 'errors.complete-list-not-shown' : 'errors.documented-statuses', problem }];
  },
};
