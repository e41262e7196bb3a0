// Mutants of the OAuth rules (spec 4.15 the endpoints, 5.2 the authorization code flow with PKCE),
// issue 23 item 2: each breaks the rules it names the way another team's implementation might,
// and a check of the oauth family must fail them. They act through the handler seams by
// operationId (`alterInput`: the handler's misreading of the form sent; `aroundHandler`: its
// answer), or on the raw request and answer of an OAuth operation (`onOperation`) where the bug is
// in a header, the query or a redirect.
import { ApiError } from '../../errors/api-error.ts';
import type { MockState } from '../../mock-state.ts';
import { oauthError } from '../../oauth/oauth-error.ts';
import { changed, jsonOf, type Fault } from '../fault.ts';
import { onOperation } from '../request-match.ts';
import { answerAltered } from './handler-answer.ts';
import { bodyOf } from './handler-input.ts';
import { consentCallbackMutants } from './oauth-consent.ts';
import { queryOf, withQueryText } from '../addresses.ts';

/** A token without its `svc_at_` / `svc_rt_` prefix. */
const unprefixed = (token: unknown) => (typeof token === 'string' ? token.replace(/^svc_(at|rt)_/, '') : token);

/** The scopes granted to a refresh token, from whichever workspace holds it (the token route has no caller). */
function refreshTokenScopes(state: MockState, token: unknown): string[] | undefined {
  for (const workspace of state.workspaces.values()) {
    const found = typeof token === 'string' ? workspace.tables.oauthRefreshTokens.get(token) : undefined;
    if (found) return found.scopes;
  }
  return undefined;
}

/** Whether any workspace of the mock has an app of this client id. */
const knownClient = (state: MockState, clientId: string | null) =>
  clientId !== null && [...state.workspaces.values()].some((workspace) => workspace.tables.apps.get(clientId));

const ROUTES: Fault[] = [
  {
    name: 'authorize-scope-required',
    area: 'oauth',
    proves: ['oauth.route-authorize'],
    description:
      'The authorize endpoint reads a request without `scope` as asking for no scope and redirects it with error=invalid_scope, so a well-formed request is refused (spec 5.2: scope is optional, empty meaning every declared scope).',
    // The mock is given a scope no app declares, which it refuses with invalid_scope as the buggy reading does.
    wrap: onOperation('authorize', (next, request, info) =>
      next(queryOf(request).has('scope') ? request : withQueryText(request, (query) => `${query}&scope=none:granted`), info),
    ),
  },
  {
    name: 'unknown-client-redirected',
    area: 'oauth',
    proves: ['oauth.authorize-unknown-client'],
    description:
      'An unknown client_id is redirected to the redirect_uri it came with, with error=unauthorized_client, instead of an error page: the endpoint redirects every refusal (spec 5.2: an unknown client is never redirected).',
    wrap: (next, state) =>
      onOperation('authorize', async (inner, request, info) => {
        const answer = await inner(request, info);
        const query = queryOf(request);
        const redirectUri = query.get('redirect_uri');
        if (answer.status !== 400 || !redirectUri || knownClient(state, query.get('client_id'))) return answer;
        const headers = {
          Location: `${redirectUri}?error=unauthorized_client`,
          'Cache-Control': 'no-store',
          'X-Request-Id': answer.headers.get('x-request-id') ?? '',
        };
        return new Response(null, { status: 302, headers });
      })(next, state),
  },
  {
    name: 'revoke-needs-type-hint',
    area: 'oauth',
    proves: ['oauth.route-revoke'],
    description:
      'Revoke refuses a request without token_type_hint with invalid_request, where the hint is optional (spec 4.15, RFC 7009 2.1).',
    operations: ['revokeToken'],
    alterInput: (input) => {
      if (bodyOf(input).token_type_hint === undefined) throw oauthError('invalid_request', 'token_type_hint is required.');
      return input;
    },
  },
  {
    name: 'whoami-refuses-access-tokens',
    area: 'oauth',
    proves: ['oauth.access-token-like-key'],
    description:
      "whoami answers invalid_token for an app's access token: the identity route looks up API keys only, where an access token is used exactly like a key (spec 5.2 step 7).",
    operations: ['getWhoami'],
    alterInput: (input, context) => {
      if (context.caller?.kind === 'access_token') throw new ApiError('invalid_token');
      return input;
    },
  },
];

/** The token and revoke endpoints' error answers (`{error, error_description}`, spec 5.2) changed by `alter`. */
const onOAuthErrors = (alter: (answer: Response, body: { error: string; error_description?: string }) => Response) =>
  onOperation(['createToken', 'revokeToken'], async (next, request, info) => {
    const answer = await next(request, info);
    const body = answer.status >= 400 ? await jsonOf(answer) : undefined;
    return typeof body?.error === 'string' ? alter(answer, body) : answer;
  });

const ERROR_ANSWERS: Fault[] = [
  {
    name: 'oauth-error-description-translated',
    area: 'oauth',
    proves: ['oauth.error-description'],
    description:
      "The token and revoke endpoints answer error_description as an object of its translations ({en, ru, uz}), as the API's messages are kept, where it is a text (spec 5.2, RFC 6749 5.2).",
    wrap: onOAuthErrors((answer, body) =>
      changed(answer, {
        body: { ...body, error_description: { en: body.error_description, ru: body.error_description, uz: body.error_description } },
      }),
    ),
  },
  {
    name: 'oauth-invalid-grant-as-invalid-token',
    area: 'oauth',
    proves: ['oauth.error-codes'],
    description:
      "A code or refresh token the token endpoint does not take is answered error=invalid_token (RFC 6750's code of a resource server), where the token endpoint's code is invalid_grant (spec 5.2: one of the six codes).",
    wrap: onOAuthErrors((answer, body) =>
      body.error === 'invalid_grant' ? changed(answer, { body: { ...body, error: 'invalid_token' } }) : answer,
    ),
  },
  {
    name: 'oauth-invalid-grant-401',
    area: 'oauth',
    proves: ['oauth.error-statuses'],
    description:
      'invalid_grant is answered 401 Unauthorized (a refused code taken for a failed sign-in) where RFC 6749 answers 400; only invalid_client is 401 (spec 5.2).',
    wrap: onOAuthErrors((answer, body) => (body.error === 'invalid_grant' ? changed(answer, { status: 401 }) : answer)),
  },
];

export const oauthMutants: Fault[] = [
  ...ROUTES,
  ...ERROR_ANSWERS,
  ...consentCallbackMutants,
  {
    name: 'refresh-narrow-scope-only-checked',
    area: 'oauth',
    proves: ['oauth.refresh-scope-narrows'],
    description:
      'A refresh takes `scope` only to check it: a wider one is refused, but a narrower one answers tokens of every scope granted (spec 5.2: a narrower scope answers tokens of that scope).',
    operations: ['createToken'],
    alterInput: (input, context) => {
      const form = bodyOf(input);
      const granted =
        form.grant_type === 'refresh_token' && typeof form.scope === 'string'
          ? refreshTokenScopes(context.state, form.refresh_token)
          : undefined;
      const narrower =
        granted &&
        form.scope !== '' &&
        String(form.scope)
          .split(' ')
          .every((scope) => granted.includes(scope));
      if (!narrower) return input;
      const { scope: _checkedOnly, ...rest } = form;
      return { ...input, body: rest };
    },
  },
  {
    name: 'token-answer-scope-omitted',
    area: 'oauth',
    proves: ['oauth.answer-scope'],
    description:
      "The token answer leaves out `scope` when the scopes granted are the ones asked for (RFC 6749 5.1 allows it), where the service's answer always has it (spec 5.2).",
    operations: ['createToken'],
    aroundHandler: answerAltered(({ scope: _dropped, ...tokens }) => tokens),
  },
  {
    name: 'token-answer-without-workspace',
    area: 'oauth',
    proves: ['oauth.answer-workspace-installation'],
    description:
      'The token answer leaves out workspace_id (the app is to read it from whoami), where it names the workspace the tokens open (spec 5.2 step 6).',
    operations: ['createToken'],
    aroundHandler: answerAltered(({ workspace_id: _dropped, ...tokens }) => tokens),
  },
  {
    name: 'token-answer-without-prefixes',
    area: 'oauth',
    proves: ['oauth.answer-access-token', 'oauth.answer-refresh-token'],
    description:
      "The token answer shows the tokens' random parts, without their svc_at_ and svc_rt_ prefixes (the prefix is added by the SDK), so the tokens answered are not the ones the service takes (spec 5.2).",
    operations: ['createToken'],
    aroundHandler: answerAltered((tokens) => ({
      ...tokens,
      access_token: unprefixed(tokens.access_token),
      refresh_token: unprefixed(tokens.refresh_token),
    })),
  },
  {
    name: 'refresh-grant-unsupported',
    area: 'oauth',
    proves: ['oauth.refresh-grant', 'oauth.route-token'],
    description:
      'The token endpoint knows only grant_type=authorization_code: a refresh answers unsupported_grant_type, so an app must send its user through consent again every hour (spec 5.2: refresh_token grant).',
    operations: ['createToken'],
    alterInput: (input) => {
      if (bodyOf(input).grant_type === 'refresh_token') throw oauthError('unsupported_grant_type', 'Only authorization_code is supported.');
      return input;
    },
  },
  {
    name: 'client-basic-auth-ignored',
    area: 'oauth',
    proves: ['oauth.client-auth-basic'],
    description:
      'The token and revoke endpoints read client credentials from the form body only: a client authenticating with HTTP Basic is taken as sending none (spec 5.2: Basic or the body).',
    wrap: onOperation(['createToken', 'revokeToken'], (next, request, info) => {
      if (!/^Basic\s/i.test(request.headers.get('authorization') ?? '')) return next(request, info);
      const headers = new Headers(request.headers);
      headers.delete('authorization');
      return next(new Request(request, { headers }), info);
    }),
  },
  {
    name: 'public-client-refused',
    area: 'oauth',
    proves: ['oauth.public-client'],
    description:
      'A client that sends only client_id (a public client, no secret) is refused invalid_client, where it relies on PKCE and is answered with tokens (spec 5.2).',
    operations: ['createToken'],
    alterInput: (input, context) => {
      const form = bodyOf(input);
      if (!context.request.headers.has('authorization') && typeof form.client_id === 'string' && form.client_secret === undefined)
        throw oauthError('invalid_client', 'Client authentication failed.');
      return input;
    },
  },
  {
    name: 'response-type-not-checked',
    area: 'oauth',
    proves: ['oauth.authorize-response-type'],
    description:
      'The authorize endpoint does not look at response_type: any value is shown the consent page as for `code`, where another value redirects with error=unsupported_response_type (spec 5.2).',
    wrap: onOperation('authorize', (next, request, info) =>
      next(
        withQueryText(request, (query) => query.replace(/(^|&)response_type=[^&]*/, '$1response_type=code')),
        info,
      ),
    ),
  },
  {
    name: 'pkce-optional',
    area: 'oauth',
    proves: ['oauth.pkce-required'],
    description:
      'PKCE is optional at the authorize endpoint: a request without code_challenge is shown the consent page (and its code later exchanged without a verifier), where it redirects with error=invalid_request (spec 5.2).',
    // The mock is given a challenge of its own, as a handler that skips the check goes on.
    wrap: onOperation('authorize', (next, request, info) =>
      next(
        request.url.includes('code_challenge=')
          ? request
          : withQueryText(
              request,
              (query) => `${query}&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256`,
            ),
        info,
      ),
    ),
  },
];
