// The errors of the token and revoke endpoints, by OAuth's codes (spec 5.2): thrown as ApiErrors
// and answered as `{error, error_description}` (errors/oauth-error-response.ts).
import { ApiError } from '../errors/api-error.ts';
import type { OAuthErrorCode } from '../errors/oauth-error-response.ts';

export function oauthError(code: OAuthErrorCode, description: string): ApiError {
  return new ApiError(code, {}, { detail: description });
}
