// The operations whose JSON body the document closes (`additionalProperties: false`), with a path
// that reaches their body checks and their body's first fields of each kind: what the generated
// negative-input checks send to every such operation.
import { createApi } from '../../src/http/api.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { resolvePointer } from '../../src/spec/json-pointer.ts';
import type { Operation } from '../../src/spec/operation-index.ts';
import type { Exchange } from '../exchange.ts';

const document = loadDocument('crm');

type Schema = {
  $ref?: string;
  type?: string | string[];
  maxLength?: number;
  additionalProperties?: unknown;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
};

export const CLOSED_BODY_OPERATIONS = [...createApi(document).operations.values()].filter((operation) => {
  const body = bodySchemaOf(operation);
  return !operation.isPublic && body?.additionalProperties === false;
});

export function bodySchemaOf(operation: Operation): Schema | undefined {
  const pointer = operation.bodySchemas['application/json'];
  return pointer ? resolved(resolvePointer(document, pointer) as Schema) : undefined;
}

/** A top-level body property whose schema is a plain string (optionally with a maxLength). */
export function stringProperty(operation: Operation, withMaxLength = false): [string, Schema] | undefined {
  return Object.entries(bodySchemaOf(operation)?.properties ?? {})
    .map(([name, schema]) => [name, resolved(schema)] as [string, Schema])
    .find(([, schema]) => schema.type === 'string' && (!withMaxLength || typeof schema.maxLength === 'number'));
}

/** A path with syntactically valid ids of the right type; no such records need exist. */
export function pathOf(operation: Operation): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const pattern = String(operation.parameters.find((parameter) => parameter.name === name)?.schema.pattern ?? '');
    const prefix = /\^\(?\(?([a-z]+)[|_]/.exec(pattern)?.[1];
    if (!prefix) return name === 'entity' ? 'leads' : 'x';
    return `${prefix}_${'0'.repeat(26)}`;
  });
}

/** Whether an answer is one of the other refusals a deployment may give before reading the body. */
export function refusedBeforeBody(operation: Operation, answer: Exchange): boolean {
  const code = answer.json?.error?.code;
  return (code === 'not_found' && answer.status === 404) || (code === 'forbidden' && operation.isFirstPartyOnly);
}

function resolved(schema: Schema): Schema {
  let node = schema;
  while (node?.$ref?.startsWith('#/')) node = resolvePointer(document, node.$ref.slice(1)) as Schema;
  if (node?.allOf?.length === 1 && !node.type) return { ...resolved(node.allOf[0]!), ...node, allOf: undefined };
  return node;
}
