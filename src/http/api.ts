// One HTTP API served by the mock: its document, the operations indexed from it, their router,
// one validator, and the handlers registered by operationId.
import type { OpenApiDocument } from '../spec/document.ts';
import { indexOperations, type Operation } from '../spec/operation-index.ts';
import { createSchemaValidator, type SchemaValidator } from '../spec/schema-validator.ts';
import type { HandlerMap } from './handler.ts';
import { createRouter, type Router } from './router.ts';

export type Api = {
  operations: Map<string, Operation>;
  router: Router;
  validator: SchemaValidator;
  handlers: HandlerMap;
};

export function createApi(document: OpenApiDocument, handlers: HandlerMap, validator: SchemaValidator = createSchemaValidator(document)): Api {
  const operations = indexOperations(document);
  const strays = Object.keys(handlers).filter((id) => !operations.has(id));
  if (strays.length) throw new Error(`handlers without an operation in the document: ${strays.join(', ')}`);
  return { operations, router: createRouter(operations.values()), validator, handlers };
}

/** Operations the document declares that no handler serves yet (they answer 501). */
export function unimplemented(api: Api): Operation[] {
  return [...api.operations.values()].filter((operation) => !api.handlers[operation.id]);
}
