// The explorer reads the operations and their body schemas from the document (openapi/dist/crm.json
// through src/spec), by operationId: the routes it sends and the fields its bodies may carry.
import { loadDocument } from '../../src/spec/document.ts';
import { indexOperations, type Operation } from '../../src/spec/operation-index.ts';

const document = loadDocument('crm');
const operations = indexOperations(document);

export type Schema = Record<string, any>;

export function operationOf(operationId: string): Operation {
  const operation = operations.get(operationId);
  if (!operation) throw new Error(`the document has no operation ${operationId}`);
  return operation;
}

/** A schema with its `$ref`s followed (one level at a time, as a walker needs them). */
export function resolved(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 20; depth++) {
    current =
      (current.$ref as string)
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: any, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) ?? {};
  }
  return current;
}

/** The JSON request body schema of an operation, its `allOf` merged (the properties a body may send). */
export function bodySchemaOf(operationId: string): { properties: Record<string, Schema>; required: string[] } {
  const pointer = operationOf(operationId).bodySchemas['application/json'];
  if (!pointer) return { properties: {}, required: [] };
  const schema = resolved({ $ref: `#${pointer}` });
  const parts = schema.allOf ? schema.allOf.map(resolved) : [schema];
  return {
    properties: Object.assign({}, ...parts.map((part: Schema) => part.properties ?? {})),
    required: parts.flatMap((part: Schema) => part.required ?? []),
  };
}

/** The first concrete schema of a property (`oneOf`/`anyOf`/`allOf` with `null` set aside). */
export function concrete(schema: Schema): Schema {
  const plain = resolved(schema);
  const options = plain.oneOf ?? plain.anyOf ?? plain.allOf;
  if (!options) return plain;
  const chosen = options.map(resolved).find((option: Schema) => option.type !== 'null');
  return chosen ? { ...concrete(chosen), ...(plain.allOf ? {} : {}) } : plain;
}

/** Whether a property's schema takes `null` (a `oneOf`/`anyOf` with a null branch, or a null type). */
export function allowsNull(schema: Schema): boolean {
  const plain = resolved(schema);
  const types = [plain.type].flat();
  return types.includes('null') || (plain.oneOf ?? plain.anyOf ?? []).some((option: Schema) => allowsNull(option));
}
