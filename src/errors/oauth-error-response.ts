// The OAuth error format of the token and revoke endpoints (spec 5.2, 7.1; RFC 6749 5.2):
// `{error, error_description}`, not the API's envelope. Handlers throw ApiErrors named by OAuth's
// own codes; anything else that goes wrong on the way (a body the schema refuses, a failure of
// the mock) is said in OAuth's terms here, so these endpoints never answer the envelope.
import { jsonResponse } from '../wire/json-response.ts';
import type { ApiError } from './api-error.ts';
import { messageFor, type Language } from './messages.ts';

/** The codes of spec 5.2 with their statuses. */
export const OAUTH_ERROR_STATUSES = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  server_error: 500,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERROR_STATUSES;

/** RFC 6749 5.2: a failed client authentication answers 401 with a challenge of the scheme the client may use. */
const CLIENT_CHALLENGE = 'Basic realm="oauth", charset="UTF-8"';

export function isOAuthErrorCode(code: string): code is OAuthErrorCode {
  return Object.hasOwn(OAUTH_ERROR_STATUSES, code);
}

/**
 * Codes of the envelope that a service (or the mock's failures on demand) answers on any route,
 * said in OAuth's terms at their own status, with their headers (Retry-After): a 503 stays a 503
 * that a client retries, not a 400 it gives up on. Spec 5.2 has no code for a rate limit, so a
 * 429 is told as invalid_request with its Retry-After.
 */
const SERVICE_FAILURES: Record<string, { code: OAuthErrorCode; status: number }> = {
  internal: { code: 'server_error', status: 500 },
  service_unavailable: { code: 'server_error', status: 503 },
  rate_limited: { code: 'invalid_request', status: 429 },
};

export function oauthErrorResponse(error: ApiError, context: { requestId: string; language: Language }): Response {
  const failure = SERVICE_FAILURES[error.code];
  const code: OAuthErrorCode = isOAuthErrorCode(error.code) ? error.code : (failure?.code ?? 'invalid_request');
  const status = isOAuthErrorCode(error.code) ? OAUTH_ERROR_STATUSES[error.code] : (failure?.status ?? OAUTH_ERROR_STATUSES[code]);
  const { detail } = error.options;
  const body = {
    error: code,
    error_description: typeof detail === 'object' ? detail[context.language] : (detail ?? describe(error, context.language)),
  };
  const headers: Record<string, string> = { 'X-Request-Id': context.requestId, 'Cache-Control': 'no-store', ...error.options.headers };
  if (code === 'invalid_client') headers['WWW-Authenticate'] = CLIENT_CHALLENGE;
  return jsonResponse(body, { status, headers });
}

/** A pipeline error (bad_json, validation_failed...) told in words, with the fields it names. */
function describe(error: ApiError, language: Language): string {
  const fields = Object.entries(error.extras.fields ?? {}).map(([field, problem]) => `${field}: ${problem}`);
  return [messageFor(error.code, language), ...fields].join(' ');
}
