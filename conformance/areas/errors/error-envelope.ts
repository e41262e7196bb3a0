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
const NOT_FIELD_CODES = new Set([
  'not_found',
  'gone',
  'invalid_token',
  'key_expired',
  'key_revoked',
  'ip_not_allowed',
  'credentials_in_url',
  'missing_scope',
  'rate_limited',
  'concurrency_limited',
  'read_only',
  'body_too_large',
  'internal',
]);

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
 * Codes whose status has a rule of its own (7.2, 7.3): judged there, not under errors.code-status,
 * so that a not_found answered 409 breaks errors.status-404 alone, as the active checks judge it.
 */
const CODE_RULES: Record<string, { rule: string; status: number } | undefined> = {
  internal: { rule: 'errors.internal', status: 500 },
  forbidden: { rule: 'errors.forbidden', status: 403 },
  not_found: { rule: 'errors.status-404', status: 404 },
  invalid_token: { rule: 'errors.status-401', status: 401 },
};

/**
 * Every rule an error answer bears on, each with the one problem that breaks it, or none: a rule
 * about a code's extra keys (rate_limited carries reason and limit) is judged on answers of that
 * code only; a 500 is judged by errors.internal (its code), never by another code's status rule.
 */
function judgeError(exchange: Exchange): Observation[] {
  // Spec 7.1 gives every error of the API its format whatever else of the operation the spec leaves
  // open (`x-inferred`: a body, a scope): an error is judged as stated unless the route itself is not shown.
  const inferred = exchange.operation?.isRouteInferred ?? false;
  return judgeErrorAnswer(exchange).map((observation) => ({ ...observation, inferred }));
}

function judgeErrorAnswer({ operation, status, json, headers }: Exchange): Observation[] {
  if (!operation || status < 400 || operation.path.startsWith('/oauth/')) return [];
  const error = json?.error;
  if (!error || typeof error !== 'object') {
    if (isDocumentedPage(operation, status, headers['content-type'])) return [];
    return [{ rule: 'errors.envelope', problem: 'an error answer without the error envelope' }];
  }
  const code = typeof error.code === 'string' ? error.code : undefined;
  const known = code === undefined ? undefined : catalog.get(code);
  const missing = ['code', 'message', 'request_id', 'docs_url'].filter((field) => typeof error[field] !== 'string');
  const envelope = missing.length ? missing.map((field) => `error.${field} is missing`).join('; ') : undefined;
  // Spec 7.3: a code outside the table is still answered in the envelope (the finer rule takes its gaps).
  const envelopeRule = code !== undefined && !known ? 'errors.complete-list-not-shown' : 'errors.envelope';
  const judged: Observation[] = [{ rule: envelopeRule, problem: envelope }];
  const on = (rule: string, problem: string | undefined) => judged.push({ rule, problem });
  if (code !== undefined) on('errors.code-snake-case', SNAKE_CASE.test(code) ? undefined : `error.code ${code} is not snake_case`);
  // No X-Request-Id header at all is errors.request-id-header's (errors.request-id), not a body that differs from it.
  const header = headers['x-request-id'];
  if (typeof error.request_id === 'string' && header !== undefined) {
    const differs = `error.request_id ${error.request_id} differs from X-Request-Id ${header}`;
    on('errors.request-id-in-body', error.request_id === header ? undefined : differs);
  }
  judged.push(...codeStatus(code, status));
  if (known?.requiredExtras.length) {
    const absent = known.requiredExtras.filter((key) => error[key] === undefined);
    on(EXTRA_RULES[code!] ?? 'errors.envelope', absent.length ? `${code} without ${absent.join(', ')}` : undefined);
  }
  if (typeof error.docs_url === 'string') {
    on('errors.docs-url', docsUrlProblem(error.docs_url));
    // Spec 7.1: "page for the code"; that its address names the code is crmkit's reading.
    const named = code === undefined || error.docs_url.includes(code);
    if (code !== undefined)
      on('errors.docs-url-names-code', named ? undefined : `error.docs_url ${error.docs_url} does not name the code ${code}`);
  }
  on('errors.fields-only-field-problems', fieldsProblem(error));
  return judged;
}

/** The code's status: a 500 or `internal` under errors.internal, `forbidden` under its rule, another code of the table under code-status. */
function codeStatus(code: string | undefined, status: number): Observation[] {
  if (status === 500) return [{ rule: 'errors.internal', problem: code === 'internal' ? undefined : `a 500 with code ${code ?? 'none'}` }];
  const own = code === undefined ? undefined : CODE_RULES[code];
  const statuses = own ? [own.status] : code === undefined ? undefined : catalog.get(code)?.statuses;
  if (!statuses) return [];
  const problem = statuses.includes(status) ? undefined : `${code} answered with ${status}; the spec gives ${statuses.join(' or ')}`;
  return [{ rule: own?.rule ?? 'errors.code-status', problem }];
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

export const errorEnvelope: Observer = {
  kind: 'observer',
  id: 'errors.error-envelope',
  area: 'errors',
  title:
    'errors answer {error: {code, message, request_id, docs_url, fields?}}: a snake_case code with its status and its extra keys, the request id of the header, a docs_url for the code, fields only for field problems',
  spec: '7.1, 7.3',
  basis: 'documented',
  judge: judgeError,
};

function docsUrlProblem(docsUrl: string): string | undefined {
  return /^https?:\/\/[^/\s]+/.test(docsUrl) ? undefined : `error.docs_url ${docsUrl} is not an absolute http(s) URL`;
}

function fieldsProblem(error: { code: string; fields?: unknown }): string | undefined {
  if (error.fields === undefined) return undefined;
  if (NOT_FIELD_CODES.has(error.code)) return `${error.code} carries fields, which are only for field problems`;
  if (typeof error.fields !== 'object' || error.fields === null || Array.isArray(error.fields))
    return 'error.fields is not an object of field names';
  const notText = Object.entries(error.fields).find(([, message]) => typeof message !== 'string');
  return notText ? `error.fields.${notText[0]} is not a message (a string)` : undefined;
}
