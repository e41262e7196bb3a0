// The bundled OpenAPI document (openapi/dist/crm.json), read once. `npm run bundle` writes it
// from the split sources under openapi/; `npm install` runs that through the `prepare` script.
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';

export type OpenApiDocument = OpenAPIV3_1.Document;

const documentUrls = {
  crm: new URL('../../openapi/dist/crm.json', import.meta.url),
  'mock-control': new URL('../../openapi/dist/mock-control.json', import.meta.url),
} as const;

const loaded = new Map<keyof typeof documentUrls, OpenApiDocument>();

export function loadDocument(name: keyof typeof documentUrls = 'crm'): OpenApiDocument {
  let document = loaded.get(name);
  if (!document) {
    try {
      document = JSON.parse(readFileSync(documentUrls[name], 'utf8')) as OpenApiDocument;
    } catch (cause) {
      throw new Error(`cannot read ${documentUrls[name].pathname}: run \`npm run bundle\` first`, { cause });
    }
    loaded.set(name, document);
  }
  return document;
}
