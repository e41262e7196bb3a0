// The operations of the CRM document as types, by operationId (issue 23, item 4): what a request of
// each one carries, from the types `npm run types` generates. The mock's handlers (http/handler.ts)
// and the suite's calls (conformance/operation-call.ts) are typed by them.
import type { operations } from './generated/crm.d.ts';

/** An operation of the CRM document, by operationId. */
export type OperationId = keyof operations;

type ParametersIn<Id extends OperationId, In extends 'path' | 'query'> = operations[Id]['parameters'] extends { [K in In]?: infer P }
  ? [NonNullable<P>] extends [never]
    ? Record<string, never>
    : NonNullable<P>
  : Record<string, never>;
type BodyOf<Id extends OperationId> = operations[Id] extends { requestBody: { content: infer C } }
  ? C[keyof C]
  : operations[Id] extends { requestBody?: { content: infer C } }
    ? C[keyof C] | undefined
    : undefined;

/** What the pipeline validated for one operation, typed from the document: path, query (coerced as its schema says) and body. */
export type OperationInput<Id extends OperationId> = { path: ParametersIn<Id, 'path'>; query: ParametersIn<Id, 'query'>; body: BodyOf<Id> };
