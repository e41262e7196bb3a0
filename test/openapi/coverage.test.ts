import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { listOperations, templateCovers } from './operations.ts';
import { specErrorCodes, specErrorExtras, specEvents, specPart4 } from './spec-part-4.ts';

const document = loadDocument();
const operations = listOperations(document);

function documentedRoute(method: string, path: string) {
  return operations.find((op) => (method === '*' || op.method === method) && templateCovers(op.path, path));
}

describe('the document covers every route that part 4 of the spec names', () => {
  it.each(specPart4.map((route) => [`${route.method} ${route.path} (spec ${route.section})`, route] as const))('%s', (_, route) => {
    const found = documentedRoute(route.method, route.path);
    expect(found, `${route.method} ${route.path} is missing`).toBeDefined();
    const concreteSegments = route.path.split('/').filter((segment) => segment && !segment.startsWith('{'));
    for (const parameter of (found!.operation.parameters ?? found!.pathItem.parameters ?? []) as any[]) {
      if (parameter.in !== 'path' || !parameter.schema?.enum) continue;
      expect(parameter.schema.enum.some((value: string) => concreteSegments.includes(value)), `${parameter.name} allows ${route.path}`).toBe(true);
    }
    if (route.origin) {
      const servers = found!.operation.servers ?? found!.pathItem.servers ?? [];
      expect(servers.map((server: { url: string }) => server.url)).toContain(`{${route.origin}}`);
    }
  });
});

describe('the document covers every event and error code of the spec', () => {
  it.each(specEvents)('event %s is in the webhooks section', (event) => {
    expect(document.webhooks?.[event]).toBeDefined();
  });

  const errorSchemas = Object.values(document.components?.schemas ?? {}) as Record<string, any>[];
  it.each(Object.entries(specErrorCodes))('error code %s has a schema with its status and extra keys', (code, statuses) => {
    const schema = errorSchemas.find((candidate) => candidate['x-error-code'] === code);
    expect(schema, `no schema with x-error-code ${code}`).toBeDefined();
    if (statuses.length) expect(schema!['x-status']).toEqual(statuses);
    else expect(schema!['x-inferred']).toBe(true);
    const required: string[] = schema!.allOf[1].properties.error.required;
    expect(required).toEqual(expect.arrayContaining(['code', ...(specErrorExtras[code] ?? [])]));
  });
});
