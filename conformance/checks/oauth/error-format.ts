import type { Observer } from '../../check.ts';
import { OAUTH_ERRORS } from '../../oauth-kit.ts';

export const errorFormat: Observer = {
  kind: 'observer',
  id: 'oauth.error-format',
  family: 'oauth',
  title: 'the token and revoke endpoints answer errors as {error, error_description} with the status of the code, not the API envelope',
  spec: '5.2, 7.1',
  basis: 'documented',
  observe({ request, status, json, headers }) {
    const path = new URL(request.url).pathname;
    if ((path !== '/oauth/token' && path !== '/oauth/revoke') || status < 400) return undefined;
    if (!headers['content-type']?.startsWith('application/json')) return `an OAuth error answered with Content-Type ${headers['content-type'] ?? '(none)'}`;
    const error = json?.error;
    if (error && typeof error === 'object') return `an OAuth error answered with the API error envelope (code ${error.code}) instead of {error, error_description}`;
    if (typeof error !== 'string') return 'an OAuth error answer without a string `error`';
    if (!(error in OAUTH_ERRORS)) return `error ${error} is none of ${Object.keys(OAUTH_ERRORS).join(', ')}`;
    if (json.error_description !== undefined && typeof json.error_description !== 'string') return 'error_description is not a string';
    if (OAUTH_ERRORS[error] !== status) return `${error} answered with ${status}, not ${OAUTH_ERRORS[error]}`;
    return undefined;
  },
};
