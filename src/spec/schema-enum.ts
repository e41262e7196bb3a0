// Values a document holds (an enum's list, a schema's default, a property's limit, an operation's
// extension), so that code never types them a second time (scopes, roles, the events' api_version,
// contact list sizes, plan limits).
import type { OpenApiDocument } from './document.ts';

export function schemaEnum<T extends string>(document: OpenApiDocument, schemaName: string): readonly T[] {
  const schema = document.components?.schemas?.[schemaName] as { enum?: unknown[] } | undefined;
  if (!Array.isArray(schema?.enum)) throw new Error(`schema ${schemaName} is not an enum`);
  return schema.enum as T[];
}

export function schemaDefault<T = string>(document: OpenApiDocument, schemaName: string): T {
  const schema = document.components?.schemas?.[schemaName] as { default?: unknown } | undefined;
  if (schema?.default === undefined) throw new Error(`schema ${schemaName} has no default`);
  return schema.default as T;
}

/** An extension (`x-...`) of the operation `operationId`, e.g. createWebhook's `x-plan-limits`. */
export function operationExtension<T>(document: OpenApiDocument, operationId: string, name: `x-${string}`): T {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {}) as Record<string, unknown>[]) {
      if (operation?.operationId !== operationId) continue;
      if (operation[name] === undefined) throw new Error(`${operationId} declares no ${name}`);
      return operation[name] as T;
    }
  }
  throw new Error(`no operation ${operationId}`);
}

/** A limit a schema property declares (`maxItems`, `maxLength`, or `const` for a reported one), e.g. a contact's 10 phones. */
export function propertyLimit(
  document: OpenApiDocument,
  schemaName: string,
  property: string,
  keyword: 'maxItems' | 'maxLength' | 'const',
): number {
  const schema = document.components?.schemas?.[schemaName] as { properties?: Record<string, Record<string, unknown>> } | undefined;
  const value = schema?.properties?.[property]?.[keyword];
  if (typeof value !== 'number') throw new Error(`${schemaName}.${property} declares no ${keyword}`);
  return value;
}

/** A limit a whole schema declares (`maxLength` of a tag name, `maxProperties` of form answers). */
export function schemaLimit(document: OpenApiDocument, schemaName: string, keyword: 'maxLength' | 'maxItems' | 'maxProperties'): number {
  const value = (document.components?.schemas?.[schemaName] as Record<string, unknown> | undefined)?.[keyword];
  if (typeof value !== 'number') throw new Error(`${schemaName} declares no ${keyword}`);
  return value;
}
