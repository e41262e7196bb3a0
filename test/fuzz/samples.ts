// One sample request per operation of the bundled document (openapi/dist/crm.json): its path with
// every parameter filled (with ids of the fuzz workspace's records where there are some), its
// documented body example, and what the fuzz mutators need to know of its body schema.
import type { OpenApiDocument } from '../../src/spec/document.ts';
import type { Operation } from '../../src/spec/operation-index.ts';
import { resolvePointer } from '../../src/spec/json-pointer.ts';
import type { Rng } from './rng.ts';
import { propertiesOf, requiredOf, resolve, type Schema } from './schema-walk.ts';

export type OperationSample = {
  operation: Operation;
  /** The body's documented media type and example, when the operation takes a body. */
  body: { mediaType: string; example: Record<string, unknown>; properties: Record<string, Schema>; required: string[] } | undefined;
  queryParameters: { name: string; schema: Schema }[];
};

export function sampleOperations(document: OpenApiDocument, operations: Iterable<Operation>): OperationSample[] {
  return [...operations].map((operation) => ({
    operation,
    body: bodyOf(document, operation),
    queryParameters: operation.parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, schema: resolve(document, p.schema) })),
  }));
}

function bodyOf(document: OpenApiDocument, operation: Operation): OperationSample['body'] {
  const mediaType = Object.keys(operation.bodySchemas).find((type) => type === 'application/json') ?? Object.keys(operation.bodySchemas)[0];
  if (!mediaType) return undefined;
  const pointer = operation.bodySchemas[mediaType]!;
  const content = resolvePointer(document, pointer.replace(/\/schema$/, '')) as Schema;
  const schema = resolve(document, content.schema);
  const example = content.example ?? content.examples?.[Object.keys(content.examples)[0]!]?.value ?? schema.examples?.[0] ?? {};
  return {
    mediaType,
    example: structuredClone(example),
    properties: propertiesOf(document, schema),
    required: requiredOf(document, schema),
  };
}

/** Ids of the fuzz workspace's records by prefix (`ld`, `ct`...), so that some cases reach real records. */
export type KnownIds = Map<string, string[]>;

/** The operation's path with each parameter filled: a known id of its prefix, or one made to its pattern. */
export function fillPath(sample: OperationSample, rng: Rng, known: KnownIds): string {
  return sample.operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = sample.operation.parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(parameterValue(parameter?.schema ?? {}, rng, known));
  });
}

function parameterValue(schema: Schema, rng: Rng, known: KnownIds): string {
  if (schema.enum) return String(rng.pick(schema.enum));
  const prefix = /^\^\(*([a-z]+)/.exec(schema.pattern ?? '')?.[1];
  if (prefix) {
    const ids = known.get(prefix);
    if (ids?.length && rng.chance(0.7)) return rng.pick(ids);
    return `${prefix}_${rng.text(26)}`;
  }
  if (schema.examples?.length) return String(rng.pick(schema.examples));
  return rng.text(8);
}
