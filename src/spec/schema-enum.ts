// The values of an enum schema of a document, so that code never types a list the document
// already holds (scopes, roles, plans).
import type { OpenApiDocument } from './document.ts';

export function schemaEnum<T extends string>(document: OpenApiDocument, schemaName: string): readonly T[] {
  const schema = document.components?.schemas?.[schemaName] as { enum?: unknown[] } | undefined;
  if (!Array.isArray(schema?.enum)) throw new Error(`schema ${schemaName} is not an enum`);
  return schema.enum as T[];
}
