// Builds the error envelope of spec 7.1 (or, for the OAuth endpoints, the OAuth format), the only place an error becomes a Response.
import { ApiError } from './api-error.ts';
import type { ErrorCatalog } from './error-catalog.ts';
import { messageFor, type Language } from './messages.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { ErrorFormat } from '../spec/operation-index.ts';
import { oauthErrorResponse } from './oauth-error-response.ts';

export type ErrorContext = {
  catalog: ErrorCatalog;
  requestId: string;
  language: Language;
  /** `{docs_url}`: the documentation site; each code has a page under /errors/. */
  docsUrl: string;
  /** The operation's `x-error-format`; the envelope when no operation matched. */
  format?: ErrorFormat;
};

export function errorResponse(error: ApiError, context: ErrorContext): Response {
  if (context.format === 'oauth') return oauthErrorResponse(error, context);
  const status = statusOf(error, context.catalog);
  const body = {
    error: {
      code: error.code,
      message: messageOf(error, context),
      request_id: context.requestId,
      docs_url: `${context.docsUrl}/errors/${error.code}`,
      ...error.extras,
    },
  };
  return jsonResponse(body, { status, headers: { 'X-Request-Id': context.requestId, ...error.options.headers } });
}

/**
 * The message for people (spec 7.1: in the language of Accept-Language). A thrower's detail is
 * written in English, so in ru and uz the catalog's message is used instead; forms word their
 * details in the visitor's language themselves (resources/forms/form-problems.ts).
 */
function messageOf(error: ApiError, context: ErrorContext): string {
  const detail = error.options.detail;
  if (detail !== undefined && (context.language === 'en' || context.format === 'form')) return detail;
  return messageFor(error.code, context.language);
}

/** The status of an error, checked against the catalog so that the mock never answers a pair the document does not list. */
export function statusOf(error: ApiError, catalog: ErrorCatalog): number {
  const entry = catalog.get(error.code);
  if (!entry) throw new Error(`error code ${error.code} is not in the document's catalog`);
  const status = error.options.status ?? entry.statuses[0];
  if (status === undefined || !entry.statuses.includes(status)) {
    throw new Error(`error code ${error.code} has status ${entry.statuses.join(' or ')}, not ${status}`);
  }
  const missing = entry.requiredExtras.filter((key) => !(key in error.extras));
  if (missing.length) throw new Error(`error code ${error.code} needs ${missing.join(', ')}`);
  return status;
}
