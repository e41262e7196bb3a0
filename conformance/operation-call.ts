// An operation of the CRM document called by its operationId (issue 23, item 4): the method and
// path come from the document, the path, query and body are typed from it (src/spec/generated),
// and the answer of a success status is typed too. `client.send(method, path)` stays for what the
// document does not declare: hostile bytes, wrong methods, paths off the document.
import type { OperationId, OperationInput } from '../src/spec/operation-types.ts';
import type { operations } from '../src/spec/generated/crm.d.ts';
import { loadDocument } from '../src/spec/document.ts';
import { indexOperations } from '../src/spec/operation-index.ts';
import type { Exchange } from './exchange.ts';

export type { OperationId };

type SuccessStatus = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;
/** The body of the operation's success answers, as the document declares them. */
export type SuccessBody<Id extends OperationId> = {
  [Status in keyof operations[Id]['responses']]: Status extends SuccessStatus ? JsonOf<operations[Id]['responses'][Status]> : never;
}[keyof operations[Id]['responses']];

type Optional<T> = [keyof T] extends [never] ? { [K in keyof T]?: never } : T;
/** What a call sends: the path's parameters, a query and a body, each as the document types them. */
export type OperationParameters<Id extends OperationId> = {
  path?: Partial<OperationInput<Id>['path']>;
  query?: Partial<Optional<OperationInput<Id>['query']>>;
  body?: OperationInput<Id>['body'];
};

/**
 * An exchange of one operation: `answer` is its body when the status was a success, typed as the
 * document declares it; `json` stays as it came. A deployment may answer otherwise (the observers
 * judge that), so a check still reads `answer` with `?.` where a missing part must not crash it.
 */
export type OperationExchange<Id extends OperationId> = Exchange & { answer: SuccessBody<Id> | undefined };

const operationsById = indexOperations(loadDocument('crm'));

/** The method and the path (with its query) the document gives the operation, its parameters filled in. */
export function requestLine(id: OperationId, parameters: OperationParameters<OperationId>): { method: string; path: string } {
  const operation = operationsById.get(id);
  if (!operation) throw new Error(`the document has no operation ${id}`);
  const values = (parameters.path ?? {}) as Record<string, unknown>;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${id} needs the path parameter ${name}`);
    return encodeURIComponent(String(values[name]));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((parameters.query ?? {}) as Record<string, unknown>)) {
    for (const each of Array.isArray(value) ? value : [value]) if (each !== undefined) query.append(name, String(each));
  }
  const search = query.toString();
  return { method: operation.method, path: search ? `${path}?${search}` : path };
}

/** `exchange` with its typed `answer`. */
export function asOperationExchange<Id extends OperationId>(exchange: Exchange): OperationExchange<Id> {
  const success = exchange.status >= 200 && exchange.status < 300;
  return Object.assign(exchange, { answer: success ? (exchange.json as SuccessBody<Id>) : undefined });
}
