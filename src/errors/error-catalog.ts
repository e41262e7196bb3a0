// The codes, statuses and required extra keys of every error, read from the OpenAPI document
// (the schemas carrying `x-error-code`), so that the catalog is written once: in openapi/.
import type { OpenApiDocument } from '../spec/document.ts';

export type CatalogEntry = { code: string; statuses: number[]; requiredExtras: string[] };

/** Codes the mock answers that the CRM's document does not list: the mock's own. */
const MOCK_CODES: CatalogEntry[] = [
  { code: 'not_implemented', statuses: [501], requiredExtras: [] },
  { code: 'method_not_allowed', statuses: [405], requiredExtras: [] },
  // A request the node:http face cannot read as HTTP/1.1 (framing, header syntax, a missing or
  // invalid Host, headers over 16 KB, a body cut short): spec 7.2's 400, "malformed".
  { code: 'malformed_request', statuses: [400], requiredExtras: [] },
  // A 503 on demand (/_mock/failures): spec 7.2 names the status, not a code.
  { code: 'service_unavailable', statuses: [503], requiredExtras: [] },
];

export type ErrorCatalog = Map<string, CatalogEntry>;

export function readErrorCatalog(document: OpenApiDocument): ErrorCatalog {
  const catalog: ErrorCatalog = new Map(MOCK_CODES.map((entry) => [entry.code, entry]));
  for (const schema of Object.values(document.components?.schemas ?? {}) as Record<string, any>[]) {
    const code = schema['x-error-code'];
    if (typeof code !== 'string') continue;
    const required: string[] = schema.allOf?.[1]?.properties?.error?.required ?? [];
    catalog.set(code, { code, statuses: schema['x-status'], requiredExtras: required.filter((key) => key !== 'code') });
  }
  return catalog;
}
