// The bundled OpenAPI documents (openapi/dist/*.json), whole, with prose and examples: what
// tests, the conformance suite, docs and generated types read. The mock's core loads the runtime
// copies without them instead (runtime-document.ts). Imported as JSON modules so that the same
// code loads them in Node and in a browser bundle. `npm run bundle` writes them
// from the split sources under openapi/; `npm install` runs that through the `prepare` script,
// and `npm test` runs it first. If an import below fails with "Cannot find module
// .../openapi/dist/crm.json", run `npm run bundle`.
import type { OpenAPIV3_1 } from 'openapi-types';
import crm from '../../openapi/dist/crm.json' with { type: 'json' };
import mockControl from '../../openapi/dist/mock-control.json' with { type: 'json' };

export type OpenApiDocument = OpenAPIV3_1.Document;

const documents = {
  crm: crm as unknown as OpenApiDocument,
  'mock-control': mockControl as unknown as OpenApiDocument,
} as const;

export function loadDocument(name: keyof typeof documents = 'crm'): OpenApiDocument {
  const document = documents[name];
  if (!document?.openapi) throw new Error(`openapi/dist/${name}.json is not a bundled OpenAPI document: run \`npm run bundle\``);
  return document;
}
