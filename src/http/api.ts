// One HTTP API served by the mock: its document, the operations indexed from it, their router,
// one validator, and its handlers by operationId, in one module per tag of the document, each
// loaded when an operation of its tag is first called (issue 14: a page that mocks the CRM loads
// no code of routes it never calls).
import type { OpenApiDocument } from '../spec/document.ts';
import { indexOperations, type Operation } from '../spec/operation-index.ts';
import { createSchemaValidator, type SchemaValidator } from '../spec/schema-validator.ts';
import type { Handler, HandlerMap } from './handler.ts';
import { createRouter, type Router } from './router.ts';

/** The handlers of the operations a tag of the document groups, or undefined for a tag no module serves. */
export type HandlerModules = (tag: string) => Promise<HandlerMap> | undefined;

export type Api = {
  operations: Map<string, Operation>;
  router: Router;
  validator: SchemaValidator;
  /** The operation's handler, its tag's module loaded first; undefined for one no module serves (501). */
  handlerOf(operation: Operation): Promise<Handler | undefined>;
};

export function createApi(
  document: OpenApiDocument,
  modules: HandlerModules = () => undefined,
  validator: SchemaValidator = createSchemaValidator(document),
): Api {
  const operations = indexOperations(document);
  const loaded = new Map<string, Promise<HandlerMap>>();
  const moduleOf = (tag: string) => {
    let handlers = loaded.get(tag);
    if (!handlers) {
      handlers = (modules(tag) ?? Promise.resolve({})).then((map) => ownOperations(tag, map, operations));
      // A module that failed to load (a page's chunk lost on the way) is tried again on the next call.
      handlers.catch(() => loaded.delete(tag));
      loaded.set(tag, handlers);
    }
    return handlers;
  };
  const handlerOf = async (operation: Operation) => {
    const tag = operation.tags[0];
    if (tag === undefined) return undefined;
    const handlers = await moduleOf(tag);
    return Object.hasOwn(handlers, operation.id) ? handlers[operation.id] : undefined;
  };
  return { operations, router: createRouter(operations.values()), validator, handlerOf };
}

/** A handler without an operation in the document is a mistake in the mock (a renamed operationId). */
function ownOperations(tag: string, handlers: HandlerMap, operations: Map<string, Operation>): HandlerMap {
  const strays = Object.keys(handlers).filter((id) => !operations.has(id));
  if (strays.length) throw new Error(`handlers of tag ${tag} without an operation in the document: ${strays.join(', ')}`);
  return handlers;
}

/** Operations the document declares that no handler serves yet (they answer 501): loads every tag's module. */
export async function unimplemented(api: Api): Promise<Operation[]> {
  const operations = [...api.operations.values()];
  const handlers = await Promise.all(operations.map((operation) => api.handlerOf(operation)));
  return operations.filter((_, index) => !handlers[index]);
}
