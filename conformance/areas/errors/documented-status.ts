// Spec 7.2: every answer has a status the spec lists. 7.2's table names the error statuses of the
// whole interface, not of each operation: an error status of that table where crmkit's document
// lists others for the operation (409 for a refusal the spec names no status for) breaks only
// crmkit's reading of which operation answers which (errors.documented-statuses-operation); a
// status outside the table and the document (a 418, a 302) breaks the stated rule. Spec 7.3: a code
// outside the table is still answered with a documented status (errors.complete-list-not-shown, the
// finer rule, takes the status that comes with a code the table does not know).
import { readErrorCatalog } from '../../../src/errors/error-catalog.ts';
import { loadDocument } from '../../../src/spec/document.ts';
import type { Observer } from '../../check.ts';

const codes = readErrorCatalog(loadDocument('crm'));

/** The error statuses of spec 7.2's table. */
export const SPEC_ERROR_STATUSES = new Set([400, 401, 402, 403, 404, 409, 410, 413, 422, 429, 500, 502, 503, 504]);

export const documentedStatus: Observer = {
  kind: 'observer',
  id: 'errors.documented-status',
  area: 'errors',
  title: "every answer has a status the document lists for its operation, or an error status of spec 7.2's table",
  spec: '7.2, 7.3',
  basis: 'documented',
  judge({ operation, status, json }) {
    if (!operation) return [];
    const listed = [String(status), `${String(status)[0]}XX`, 'default'].some((key) => operation.responseStatuses.includes(key));
    const code = json?.error?.code;
    const unknownCode = status >= 400 && typeof code === 'string' && !codes.has(code);
    const stated = unknownCode ? 'errors.complete-list-not-shown' : 'errors.documented-statuses';
    const statuses = operation.responseStatuses.join(', ');
    const notListed = `${operation.id} answered ${status}, which the document does not list (${statuses})`;
    if (listed)
      return [
        { rule: stated, problem: undefined },
        { rule: 'errors.documented-statuses-operation', problem: undefined },
      ];
    if (SPEC_ERROR_STATUSES.has(status))
      return [
        { rule: stated, problem: undefined },
        { rule: 'errors.documented-statuses-operation', problem: notListed },
      ];
    return [{ rule: stated, problem: `${notListed}, nor is it a status of spec 7.2` }];
  },
};
