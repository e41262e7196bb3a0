// Client generators (orval, @hey-api/openapi-ts, openapi-typescript) name a type after each
// schema of components: the bundle must hold only named schemas of the document, each PascalCase
// and unique ignoring case (Redocly hoists a `$ref` into a property as a schema named after it).
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';

describe.each(['crm', 'mock-control'] as const)('the bundled %s document', (name) => {
  const names = Object.keys(loadDocument(name).components?.schemas ?? {});

  it('names every schema in PascalCase', () => {
    expect(names.filter((schema) => !/^[A-Z][A-Za-z0-9]*$/.test(schema))).toEqual([]);
  });

  it('has no two schemas whose names differ only in case', () => {
    const lower = names.map((schema) => schema.toLowerCase());
    expect(names.filter((_, index) => lower.indexOf(lower[index]!) !== index)).toEqual([]);
  });
});
