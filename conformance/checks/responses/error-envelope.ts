// Spec 7.1 and 7.3: every error of the API (the OAuth endpoints excepted, which use the OAuth
// format) answers {error: {code, message, request_id, docs_url, fields?}}: code in snake_case with
// the status the table gives it, request_id equal to X-Request-Id, docs_url a page for the code
// (its address is not shown: an absolute URL naming the code), and `fields` only for field
// problems, mapping field names to messages. The keys some codes add (7.1: permission on forbidden,
// reason and limit on rate_limited, scope on missing_scope...) are there, as the document's catalog
// of codes lists them.
import { readErrorCatalog } from '../../../src/errors/error-catalog.ts';
import { loadDocument } from '../../../src/spec/document.ts';
import type { Observer } from '../../check.ts';

const catalog = readErrorCatalog(loadDocument('crm'));
const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Codes that are never about a request field, so carry no `fields`. */
const NOT_FIELD_CODES = new Set(['not_found', 'gone', 'invalid_token', 'key_expired', 'key_revoked', 'ip_not_allowed', 'credentials_in_url', 'missing_scope', 'rate_limited', 'concurrency_limited', 'read_only', 'body_too_large', 'internal']);

export const errorEnvelope: Observer = {
  kind: 'observer',
  id: 'responses.error-envelope',
  family: 'responses',
  title: 'errors answer {error: {code, message, request_id, docs_url, fields?}}: a snake_case code with its status and its extra keys, the request id of the header, a docs_url for the code, fields only for field problems',
  spec: '7.1, 7.3',
  basis: 'documented',
  observe({ operation, status, json, headers }) {
    if (!operation || status < 400 || operation.path.startsWith('/oauth/')) return undefined;
    const error = json?.error;
    if (!error || typeof error !== 'object') return 'an error answer without the error envelope';
    for (const field of ['code', 'message', 'request_id', 'docs_url']) if (typeof error[field] !== 'string') return `error.${field} is missing`;
    if (!SNAKE_CASE.test(error.code)) return `error.code ${error.code} is not snake_case`;
    if (error.request_id !== headers['x-request-id']) return `error.request_id ${error.request_id} differs from X-Request-Id ${headers['x-request-id']}`;
    const statuses = catalog.get(error.code)?.statuses;
    if (statuses && !statuses.includes(status)) return `${error.code} answered with ${status}; the spec gives ${statuses.join(' or ')}`;
    const missing = catalog.get(error.code)?.requiredExtras.filter((key) => error[key] === undefined) ?? [];
    if (missing.length) return `${error.code} without ${missing.join(', ')}`;
    return docsUrlProblem(error.docs_url, error.code) ?? fieldsProblem(error);
  },
};

function docsUrlProblem(docsUrl: string, code: string): string | undefined {
  if (!/^https?:\/\/[^/\s]+/.test(docsUrl)) return `error.docs_url ${docsUrl} is not an absolute http(s) URL`;
  return docsUrl.includes(code) ? undefined : `error.docs_url ${docsUrl} does not name the code ${code}`;
}

function fieldsProblem(error: { code: string; fields?: unknown }): string | undefined {
  if (error.fields === undefined) return undefined;
  if (NOT_FIELD_CODES.has(error.code)) return `${error.code} carries fields, which are only for field problems`;
  if (typeof error.fields !== 'object' || error.fields === null || Array.isArray(error.fields)) return 'error.fields is not an object of field names';
  const notText = Object.entries(error.fields).find(([, message]) => typeof message !== 'string');
  return notText ? `error.fields.${notText[0]} is not a message (a string)` : undefined;
}
