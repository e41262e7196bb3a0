// Mutants of the trash (spec 2.1): what a delete answers, and the restore of a record
// that is not in the trash.
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { onOperation } from '../request-match.ts';

/** The restores of the records in the trash (spec 2.1). */
const RESTORES: readonly OperationId[] = ['restoreLead', 'restoreContact', 'restoreCompany', 'restoreTask'];

export const conventionsTrashMutants: readonly Fault[] = [
  {
    name: 'gone-without-deleted-at',
    area: 'conventions',
    proves: ['errors.extra-gone', 'conventions.trash-reads-410', 'leads.delete-to-trash'],
    description: '410 gone answers leave out deleted_at.',
    wrap: onErrorCode('gone', (response, body) => {
      const { deleted_at: _dropped, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  {
    name: 'restore-renumbers',
    area: 'conventions',
    proves: ['conventions.number-kept-on-restore', 'leads.restore', 'tasks.restore'],
    description: 'A restored record (a lead, contact, company or task) comes back with a new number.',
    wrap: onOperation(RESTORES, async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return changed(response, { body: { ...body, number: body.number + 1000 } });
    }),
  },
];
