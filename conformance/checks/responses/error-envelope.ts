// Spec 7.1 and 7.3: every error of the API (the OAuth endpoints excepted, which use the OAuth
// format) answers {error: {code, message, request_id, docs_url, fields?}}: code in snake_case with
// the status the table gives it, request_id equal to X-Request-Id, docs_url a page for the code
// (its address is not shown: an absolute URL naming the code), and `fields` only for field
// problems, mapping field names to messages. The keys some codes add (7.1: permission on forbidden,
// reason and limit on rate_limited, scope on missing_scope...) are there, as the document's catalog
// of codes lists them. An HTML page the document gives an operation in place of the envelope (the
// hosted form page's 404, for browsers) is no envelope missing.
import { readErrorCatalog } from '../../../src/errors/error-catalog.ts';
import { loadDocument } from '../../../src/spec/document.ts';
import type { Observation, Observer } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';

const document = loadDocument('crm');
const catalog = readErrorCatalog(document);
const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Codes that are never about a request field, so carry no `fields`. */
const NOT_FIELD_CODES = new Set(['not_found', 'gone', 'invalid_token', 'key_expired', 'key_revoked', 'ip_not_allowed', 'credentials_in_url', 'missing_scope', 'rate_limited', 'concurrency_limited', 'read_only', 'body_too_large', 'internal']);

/** The catalog rule of a code's extra keys (errors.yaml); a code without one of its own is held to the envelope's rule. */
const EXTRA_RULES: Record<string, string> = {
  forbidden: 'errors.extra-permission',
  rate_limited: 'errors.extra-rate-limited',
  limit_reached: 'errors.extra-limit-reached',
  missing_scope: 'errors.extra-missing-scope',
  tag_exists: 'errors.extra-tag-exists',
  gone: 'errors.extra-gone',
};

/**
 * Every problem with an error answer, each under the one rule it breaks: a rule about a code's
 * extra keys (rate_limited carries reason and limit) is judged on answers of that code only, and
 * a missing X-Request-Id header is worded as such, not as a differing one.
 */
function judgeError({ operation, status, json, headers }: Exchange): Observation[] {
  if (!operation || status < 400 || operation.path.startsWith('/oauth/')) return [];
  const error = json?.error;
  if (!error || typeof error !== 'object') {
    return isDocumentedPage(operation, status, headers['content-type']) ? [] : [{ rule: 'errors.envelope', problem: 'an error answer without the error envelope' }];
  }
  const problems: Observation[] = [];
  const add = (rule: string, problem: string | undefined) => problem && problems.push({ rule, problem });
  for (const field of ['code', 'message', 'request_id', 'docs_url']) if (typeof error[field] !== 'string') add('errors.envelope', `error.${field} is missing`);
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined && !SNAKE_CASE.test(code)) add('errors.code-snake-case', `error.code ${code} is not snake_case`);
  add('errors.request-id-in-body', requestIdProblem(error.request_id, headers['x-request-id']));
  if (code === undefined) return problems;
  const known = catalog.get(code);
  if (known && !known.statuses.includes(status)) add('errors.code-status', `${code} answered with ${status}; the spec gives ${known.statuses.join(' or ')}`);
  const missing = known?.requiredExtras.filter((key) => error[key] === undefined) ?? [];
  if (missing.length) add(EXTRA_RULES[code] ?? 'errors.envelope', `${code} without ${missing.join(', ')}`);
  if (typeof error.docs_url === 'string') add('errors.docs-url', docsUrlProblem(error.docs_url));
  // Spec 7.1: "page for the code"; that its address names the code is crmkit's reading.
  const unnamed = typeof error.docs_url === 'string' && !error.docs_url.includes(code);
  if (unnamed) add('errors.docs-url-names-code', `error.docs_url ${error.docs_url} does not name the code ${code}`);
  add('errors.fields-only-field-problems', fieldsProblem(error));
  return problems;
}

/**
 * An HTML page where the document gives the operation's status one: the hosted form page's 404,
 * which a browser gets as a page (the envelope goes to a caller that asks for JSON only).
 */
function isDocumentedPage(operation: NonNullable<Exchange['operation']>, status: number, contentType: string | undefined): boolean {
  if (!contentType?.includes('text/html')) return false;
  const responses = (document as any).paths?.[operation.path]?.[operation.method.toLowerCase()]?.responses ?? {};
  return (responses[String(status)] ?? responses[`${String(status)[0]}XX`])?.content?.['text/html'] !== undefined;
}

/** error.request_id against the answer's X-Request-Id header, worded with the header's actual state. */
function requestIdProblem(inBody: unknown, header: string | undefined): string | undefined {
  if (typeof inBody !== 'string') return undefined;
  if (header === undefined) return `error.request_id ${inBody}, but the answer has no X-Request-Id header`;
  return inBody === header ? undefined : `error.request_id ${inBody} differs from X-Request-Id ${header}`;
}

export const errorEnvelope: Observer = {
  kind: 'observer',
  id: 'responses.error-envelope',
  family: 'responses',
  title: 'errors answer {error: {code, message, request_id, docs_url, fields?}}: a snake_case code with its status and its extra keys, the request id of the header, a docs_url for the code, fields only for field problems',
  spec: '7.1, 7.3',
  basis: 'documented',
  judge: judgeError,
  observe: (exchange) => judgeError(exchange)[0]?.problem,
};

function docsUrlProblem(docsUrl: string): string | undefined {
  return /^https?:\/\/[^/\s]+/.test(docsUrl) ? undefined : `error.docs_url ${docsUrl} is not an absolute http(s) URL`;
}

function fieldsProblem(error: { code: string; fields?: unknown }): string | undefined {
  if (error.fields === undefined) return undefined;
  if (NOT_FIELD_CODES.has(error.code)) return `${error.code} carries fields, which are only for field problems`;
  if (typeof error.fields !== 'object' || error.fields === null || Array.isArray(error.fields)) return 'error.fields is not an object of field names';
  const notText = Object.entries(error.fields).find(([, message]) => typeof message !== 'string');
  return notText ? `error.fields.${notText[0]} is not a message (a string)` : undefined;
}
