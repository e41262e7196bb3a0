// A refresh answers the new tokens, `token_type` and `expires_in` alone: spec 5.2 lists the token
// answer's fields at the code exchange (step 6) and says of a refresh only that it returns a new
// refresh token; RFC 6749 5.1, the answer's model, requires no more. The code exchange's answer
// is left whole.
import { isObject, rewritingJsonAnswers } from './json-answers.ts';
import type { Handle, OtherReading } from './other-reading.ts';

const KEPT = ['access_token', 'token_type', 'expires_in', 'refresh_token'];

export const refreshAnswerMinimal: OtherReading = {
  name: 'refresh-answer-minimal',
  description:
    'A refresh answers access_token, token_type, expires_in and refresh_token alone (no refresh_token_expires_in, scope, workspace_id or installation_id).',
  leftOpenBy:
    'Spec 5.2 "Refresh": "Refresh tokens rotate: each refresh returns a new refresh token" (the fields are listed for the code exchange only, step 6); RFC 6749 5.1.',
  readings: ['oauth.refresh-answer-fields'],
  wrap: (next) => minimalRefreshAnswers(next),
};

function minimalRefreshAnswers(next: Handle): Handle {
  const keepingThePair = rewritingJsonAnswers(next, (body, { status }) =>
    status === 200 && isObject(body) ? Object.fromEntries(Object.entries(body).filter(([key]) => KEPT.includes(key))) : undefined,
  );
  return async (request, info) => {
    const isTokenRoute = request.method === 'POST' && new URL(request.url).pathname === '/oauth/token';
    const isRefresh = isTokenRoute && (await grantTypeOf(request.clone())) === 'refresh_token';
    return (isRefresh ? keepingThePair : next)(request, info);
  };
}

/** The `grant_type` of a token request, form-encoded or JSON (spec 5.2 takes either), or undefined. */
async function grantTypeOf(request: Request): Promise<unknown> {
  const text = await request.text().catch(() => '');
  if (request.headers.get('content-type')?.includes('json')) {
    try {
      const body: unknown = JSON.parse(text);
      return isObject(body) ? body.grant_type : undefined;
    } catch {
      return undefined;
    }
  }
  return new URLSearchParams(text).get('grant_type') ?? undefined;
}
