// Spec 5.2 and 7.1: the token and revoke endpoints answer errors as {error, error_description}
// (OAuth's format, said twice: oauth.error-format and errors.oauth-format), `error` one of the
// codes with its status (oauth.error-codes). Judged on every error answer of those two routes.
import type { Observation, Observer } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';
import { OAUTH_ERRORS } from '../../oauth-kit.ts';

const FORMAT_RULES = ['oauth.error-format', 'errors.oauth-format'];

function judgeOAuthError({ request, status, json, headers }: Exchange): Observation[] {
  const path = new URL(request.url).pathname;
  if ((path !== '/oauth/token' && path !== '/oauth/revoke') || status < 400) return [];
  const format = formatProblem(json, headers['content-type']);
  const formats = FORMAT_RULES.map((rule) => ({ rule, problem: format }));
  if (format) return formats;
  const error: string = json.error;
  const code = !(error in OAUTH_ERRORS)
    ? `error ${error} is none of ${Object.keys(OAUTH_ERRORS).join(', ')}`
    : OAUTH_ERRORS[error] !== status ? `${error} answered with ${status}, not ${OAUTH_ERRORS[error]}` : undefined;
  return [...formats, { rule: 'oauth.error-codes', problem: code }];
}

function formatProblem(json: any, contentType: string | undefined): string | undefined {
  if (!contentType?.startsWith('application/json')) return `an OAuth error answered with Content-Type ${contentType ?? '(none)'}`;
  const error = json?.error;
  if (error && typeof error === 'object') return `an OAuth error answered with the API envelope (code ${error.code}), not {error, error_description}`;
  if (typeof error !== 'string') return 'an OAuth error answer without a string `error`';
  if (json.error_description !== undefined && typeof json.error_description !== 'string') return 'error_description is not a string';
  return undefined;
}

export const errorFormat: Observer = {
  kind: 'observer',
  id: 'oauth.error-format',
  family: 'oauth',
  title: 'the token and revoke endpoints answer errors as {error, error_description} with the status of the code, not the API envelope',
  spec: '5.2, 7.1',
  basis: 'documented',
  judge: judgeOAuthError,
};
