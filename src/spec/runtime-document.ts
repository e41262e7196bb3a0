// The documents as the mock's core reads them (routing, validation, scopes, limits, error codes):
// the runtime copies (openapi/dist/*.runtime.json, written by `npm run bundle` through
// scripts/runtime-document.ts), without prose and examples, which the core never reads. A
// quarter of the full documents' size: a shorter import in Node and 107 kB less gzip in a browser
// bundle of the MSW face (issue 14). What reads descriptions or examples (tests, the conformance
// suite, docs, generated types) loads the full ones through document.ts; nothing the core imports
// may, or a browser bundle would carry both.
import crm from '../../openapi/dist/crm.runtime.json' with { type: 'json' };
import mockControl from '../../openapi/dist/mock-control.runtime.json' with { type: 'json' };
import type { OpenApiDocument } from './document.ts';

const documents = {
  crm: crm as unknown as OpenApiDocument,
  'mock-control': mockControl as unknown as OpenApiDocument,
} as const;

export function loadRuntimeDocument(name: keyof typeof documents = 'crm'): OpenApiDocument {
  const document = documents[name];
  if (!document?.openapi) throw new Error(`openapi/dist/${name}.runtime.json is not a bundled OpenAPI document: run \`npm run bundle\``);
  return document;
}
