// The operations of each collection of records by operationId (issue 23, item 4), for the kits and
// checks that do the same thing to several kinds: `context.client.call(RECORD_OPERATIONS[kind].create, …)`.
import type { OperationId } from '../operation-call.ts';

type RecordOperations = { create: OperationId; get: OperationId; update: OperationId; remove: OperationId; restore?: OperationId };

/** Create, read, change, delete and (for records with a trash, spec 2.1) restore, per collection of the document. */
export const RECORD_OPERATIONS = {
  leads: { create: 'createLead', get: 'getLead', update: 'updateLead', remove: 'deleteLead', restore: 'restoreLead' },
  contacts: { create: 'createContact', get: 'getContact', update: 'updateContact', remove: 'deleteContact', restore: 'restoreContact' },
  companies: { create: 'createCompany', get: 'getCompany', update: 'updateCompany', remove: 'deleteCompany', restore: 'restoreCompany' },
  tasks: { create: 'createTask', get: 'getTask', update: 'updateTask', remove: 'deleteTask', restore: 'restoreTask' },
  products: { create: 'createProduct', get: 'getProduct', update: 'updateProduct', remove: 'deleteProduct' },
} as const satisfies Record<string, RecordOperations>;

export type RecordCollection = keyof typeof RECORD_OPERATIONS;
