// Builds the error envelope of spec 7.1 (or, for the OAuth endpoints, the OAuth format), the only place an error becomes a Response.
import { ApiError } from './api-error.ts';
import type { ErrorCatalog } from './error-catalog.ts';
import { messageFor, type Language } from './messages.ts';
import { jsonResponse } from '../wire/json-response.ts';
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
 * The message for people (spec 7.1: in the language of Accept-Language). A thrower's detail in
 * each language gives that language's; a plain one is English, so in ru and uz the catalog's
 * message stands in for it, on every route (forms included: a form's 413 or bad_json before its
 * body is read is no exception), unless the thrower worded it in the answer's language already
 * (a form's field problems, in the visitor's language: resources/forms/form-problems.ts).
 */
export function messageOf(error: ApiError, context: Pick<ErrorContext, 'language'>): string {
  const { detail, localized } = error.options;
  if (typeof detail === 'object') return detail[context.language];
  if (detail !== undefined && (context.language === 'en' || localized)) return detail;
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
