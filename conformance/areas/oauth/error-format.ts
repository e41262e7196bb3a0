// Spec 5.2 and 7.1: the token and revoke endpoints answer errors as {error, error_description},
// not the API envelope (oauth.error-format), `error_description` a text (oauth.error-description),
// `error` one of the six codes 5.2 names (oauth.error-codes, stated), each with its status: 5.2
// gives invalid_client's (401, oauth.invalid-client-401), the others' are RFC 6749's, crmkit's
// reading (oauth.error-statuses). Each assertion on its own rule; the media type of a JSON answer is
// conventions.response-content-type's (conventions.content-type). Judged on every error answer of
// those two routes.
import type { Observation, Observer } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';
import { OAUTH_ERRORS } from '../../kits/oauth-kit.ts';

function judgeOAuthError({ request, status, json }: Exchange): Observation[] {
  const path = new URL(request.url).pathname;
  if ((path !== '/oauth/token' && path !== '/oauth/revoke') || status < 400) return [];
  const format = formatProblem(json);
  if (format) return [{ rule: 'oauth.error-format', problem: format }];
  const error: string = json.error;
  const description = json.error_description;
  const judged: Observation[] = [
    { rule: 'oauth.error-format', problem: undefined },
    {
      rule: 'oauth.error-description',
      problem: description === undefined || typeof description === 'string' ? undefined : 'error_description is not a string',
    },
  ];
  if (!(error in OAUTH_ERRORS))
    return [...judged, { rule: 'oauth.error-codes', problem: `error ${error} is none of ${Object.keys(OAUTH_ERRORS).join(', ')}` }];
  const statusRule = error === 'invalid_client' ? 'oauth.invalid-client-401' : 'oauth.error-statuses';
  const wrongStatus = OAUTH_ERRORS[error] !== status ? `${error} answered with ${status}, not ${OAUTH_ERRORS[error]}` : undefined;
  return [...judged, { rule: 'oauth.error-codes', problem: undefined }, { rule: statusRule, problem: wrongStatus }];
}

function formatProblem(json: any): string | undefined {
  if (json === undefined) return 'an OAuth error answered without a JSON body {error, error_description}';
  const error = json?.error;
  if (error && typeof error === 'object')
    return `an OAuth error answered with the API envelope (code ${error.code}), not {error, error_description}`;
  if (typeof error !== 'string') return 'an OAuth error answer without a string `error`';
  return undefined;
}

export const errorFormat: Observer = {
  kind: 'observer',
  id: 'oauth.error-format',
  area: 'oauth',
  title:
    'the token and revoke endpoints answer errors as {error, error_description}, error one of the codes of 5.2 with its status, not the API envelope',
  spec: '5.2, 7.1',
  basis: 'documented',
  judge: judgeOAuthError,
};
