// Spec 5.2 steps 2 and 3, 4.15: how `GET {hub_url}/oauth/authorize` answers a request it cannot
// show: an unknown client or a redirect URI that is not registered is never redirected to (an
// open redirector would hand codes and errors to whoever wrote the link); a malformed request
// of a known client is redirected to the app with `error` and the `state` sent; a state of 500
// printable characters (the most spec 8 allows) is no malformed request. Needs no approval:
// it runs against a deployment with the client's id and redirect URI. Where the hub sends the
// browser to sign in first, the errors cannot be seen and the check skips.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { authorizeQuery, callbackTo, LONG_STATE, redirectsElsewhere, visitAuthorize } from './authorize-kit.ts';
import { needClient, pkcePair, type OAuthClient } from '../../kits/oauth-kit.ts';

/** A client id of the right shape that no app has. */
const UNKNOWN_CLIENT = 'app_0000000000000000000000conf';

/** Malformed requests of a known client: the changes to a well-formed query, the error expected, and the rule it proves. */
function malformedRequests(verifier: string): { what: string; changes: Record<string, string | undefined>; error: string; rule: string }[] {
  return [
    {
      what: 'response_type=token',
      changes: { response_type: 'token' },
      error: 'unsupported_response_type',
      rule: 'oauth.authorize-response-type',
    },
    {
      what: 'a scope the app does not declare',
      changes: { scope: 'leads:read conformance:undeclared' },
      error: 'invalid_scope',
      rule: 'oauth.authorize-scope-subset',
    },
    {
      what: 'code_challenge_method=plain',
      changes: { code_challenge: verifier, code_challenge_method: 'plain' },
      error: 'invalid_request',
      rule: 'oauth.pkce-s256-only',
    },
    {
      what: 'no code_challenge',
      changes: { code_challenge: undefined, code_challenge_method: undefined },
      error: 'invalid_request',
      rule: 'oauth.pkce-required',
    },
    // RFC 7636 4.3 reads a missing method as plain, which spec 5.2 does not take.
    {
      what: 'a code_challenge without code_challenge_method',
      changes: { code_challenge_method: undefined },
      error: 'invalid_request',
      rule: 'oauth.pkce-method-required',
    },
  ];
}

export const authorizeErrors: ActiveCheck = {
  kind: 'active',
  id: 'oauth.authorize-errors',
  area: 'oauth',
  title:
    'the authorization endpoint never redirects an unknown client or redirect URI, and redirects malformed requests with error and state',
  spec: '4.15, 5.2',
  basis: 'documented',
  writes: false,
  async run(context) {
    const client = needClient(context);
    const redirectUri = client.redirectUri ?? context.skip('needs the redirect URI registered for the client (--redirect-uri)');
    const { verifier, challenge } = pkcePair();
    const hub = context.target.hubUrl;

    const valid = await visitAuthorize(context, authorizeQuery(client, challenge));
    const validCallback = callbackTo(valid, redirectUri, hub);
    context.judge(
      'oauth.route-authorize',
      (valid.status >= 400 || validCallback?.searchParams.has('error')) &&
        `a well-formed request answered ${valid.status}${validCallback ? ` and sent the browser back with error=${validCallback.searchParams.get('error')}` : ''}`,
      valid,
    );
    // The longest state spec 8 allows is no malformed request: the hub shows it (or signs in first), never an error.
    const longState = await visitAuthorize(context, authorizeQuery(client, challenge, { state: LONG_STATE }));
    const longCallback = callbackTo(longState, redirectUri, hub);
    const longProblem =
      (longState.status >= 400 || longCallback?.searchParams.has('error')) &&
      `a well-formed request with a state of 500 printable characters answered ${longState.status}${longCallback ? ` and sent the browser back with error=${longCallback.searchParams.get('error')}` : ''}`;
    for (const rule of ['oauth.state-500-printable', 'oauth.limit-state']) context.judge(rule, longProblem, longState);

    const unknown = await visitAuthorize(context, authorizeQuery(client, challenge, { client_id: UNKNOWN_CLIENT, response_type: 'token' }));
    context.judge(
      'oauth.authorize-unknown-client',
      notRedirected(unknown, redirectUri, hub, `an unknown client_id (${UNKNOWN_CLIENT})`),
      unknown,
    );

    for (const foreign of foreignRedirectUris(redirectUri)) {
      // Malformed too: a service that took the address would send its error there at once, no approval needed.
      const sent = await visitAuthorize(context, authorizeQuery(client, challenge, { redirect_uri: foreign, response_type: 'token' }));
      context.judge('oauth.authorize-redirect-exact', notRedirected(sent, foreign, hub, `the unregistered redirect_uri ${foreign}`), sent);
    }

    for (const malformed of malformedRequests(verifier)) await judgeMalformed(context, client, challenge, malformed);
  },
};

/** A problem when the answer sends the browser to `redirectUri`. */
function notRedirected(exchange: Exchange, redirectUri: string, hub: string, what: string): string | undefined {
  const callback = callbackTo(exchange, redirectUri, hub);
  return callback ? `${what} was redirected to ${callback.href}; it must never be redirected (the user sees an error page)` : undefined;
}

/** Addresses that are not the registered one: another path, another host, the same with a query added. */
function foreignRedirectUris(registered: string): string[] {
  const url = new URL(registered);
  const query = new URL(registered);
  query.searchParams.set('next', 'https://attacker.example/');
  return [`${url.origin}${url.pathname.replace(/\/?$/, '/')}attacker`, `https://attacker.example${url.pathname}`, query.href];
}

async function judgeMalformed(
  context: CheckContext,
  client: OAuthClient,
  challenge: string,
  malformed: ReturnType<typeof malformedRequests>[number],
): Promise<void> {
  const query = authorizeQuery(client, challenge, malformed.changes);
  const sentState = query.get('state')!;
  const answer = await visitAuthorize(context, query);
  if (redirectsElsewhere(answer, client.redirectUri!, context.target.hubUrl)) {
    context.skip(
      `a request with ${malformed.what} was sent to ${answer.headers.location} (a sign-in page?) before being judged; its error redirect needs a signed-in browser`,
    );
  }
  const callback = callbackTo(answer, client.redirectUri!, context.target.hubUrl);
  const error = callback?.searchParams.get('error');
  const where = `a request with ${malformed.what}`;
  context.judge(
    'oauth.malformed-redirected',
    !callback && `${where} answered ${answer.status} instead of redirecting to the app with error`,
    answer,
  );
  context.judge(
    malformed.rule,
    error !== malformed.error &&
      `${where} ${callback ? `redirected with error=${error ?? '(none)'}` : `answered ${answer.status}`}, not error=${malformed.error}`,
    answer,
  );
  if (callback)
    context.judge(
      'oauth.state-returned',
      callback.searchParams.get('state') !== sentState &&
        `${where} redirected with state ${JSON.stringify(callback.searchParams.get('state'))}, not the ${sentState} sent`,
      answer,
    );
}
