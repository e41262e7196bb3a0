import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { listOperations } from './operations.ts';

const document = loadDocument();
const operations = listOperations(document);
const apiOperations = operations.filter((op) => op.path.startsWith('/v1/'));

describe('the bundled document', () => {
  it('validates with swagger-parser as OpenAPI 3.1', async () => {
    const api = await SwaggerParser.validate(structuredClone(document) as never);
    expect((api as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map((op) => op.operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string')).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('gives every /v1 operation its security and x-scopes', () => {
    const lacking = apiOperations
      .filter((op) => !Array.isArray(op.operation.security) || !Array.isArray(op.operation['x-scopes']))
      .map((op) => `${op.method} ${op.path}`);
    expect(lacking).toEqual([]);
  });

  it('closes every JSON request body to unknown fields, but the OAuth ones (RFC 6749 3.2 ignores them)', () => {
    const open = operations.filter((op) => op.operation['x-error-format'] !== 'oauth').flatMap((op) => {
      const schema = op.operation.requestBody?.content?.['application/json']?.schema;
      if (!schema) return [];
      const resolved = schema.$ref ? resolveRef(schema.$ref) : schema;
      return closesUnknownFields(resolved) ? [] : [`${op.method} ${op.path}`];
    });
    expect(open).toEqual([]);
  });

  it('answers every /v1 operation with the standard error statuses', () => {
    const missing = apiOperations.flatMap((op) =>
      ['400', '401', '403', '429'].filter((status) => !op.operation.responses?.[status]).map((status) => `${op.method} ${op.path} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists the 5xx answers of spec 7.2 on every operation: 500 and 5XX (502, 503 with Retry-After, 504)', () => {
    const missing = operations.flatMap((op) => ['500', '5XX'].filter((status) => !op.operation.responses?.[status]).map((status) => `${op.method} ${op.path} ${status}`));
    // The OAuth token and revoke endpoints answer a failure in the OAuth format: their own 500 server_error.
    expect(missing.filter((entry) => !/^POST \/oauth\/(token|revoke) 5XX$/.test(entry))).toEqual([]);
    expect(resolveResponse(document.components!.responses!.Error5XX).headers?.['Retry-After']).toBeDefined();
  });

  it('says on the document that JSON answers are application/json; charset=utf-8 (spec 2.1)', () => {
    expect(document.info.description).toContain('application/json; charset=utf-8');
  });

  it('declares X-Request-Id on every response of every operation', () => {
    const missing = operations.flatMap((op) =>
      Object.entries(op.operation.responses ?? {})
        .filter(([, response]) => !resolveResponse(response).headers?.['X-Request-Id'])
        .map(([status]) => `${op.method} ${op.path} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('explains every inferred part with a reason', () => {
    const unexplained: string[] = [];
    walk(document, '', (node, where) => {
      if (node['x-inferred'] === true && typeof node['x-inferred-reason'] !== 'string') unexplained.push(where);
    });
    expect(unexplained).toEqual([]);
  });
});

function resolveRef(ref: string): any {
  return ref.slice(2).split('/').reduce((node: any, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
}

function resolveResponse(response: any): any {
  return response.$ref ? resolveRef(response.$ref) : response;
}

function closesUnknownFields(schema: any): boolean {
  if (schema.$ref) return closesUnknownFields(resolveRef(schema.$ref));
  if (schema.additionalProperties === false || schema.unevaluatedProperties === false) return true;
  const branches = schema.oneOf ?? schema.anyOf;
  return Array.isArray(branches) && branches.every(closesUnknownFields);
}

function walk(node: unknown, where: string, visit: (node: Record<string, unknown>, where: string) => void): void {
  if (!node || typeof node !== 'object') return;
  if (!Array.isArray(node)) visit(node as Record<string, unknown>, where);
  for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`, visit);
}
