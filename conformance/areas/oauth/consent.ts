// Spec 5.2 steps 2 to 4 and part 8, the decisions on a consent request: an approval sends the
// browser back with a `svc_ac_` code and the `state` sent (500 printable characters come back
// whole), to the one registered redirect URI also when the request leaves it out; an empty scope
// grants every scope the app declares; a denial sends back error=access_denied; a request older
// than 15 minutes answers 400 request_expired. A decision is a person's: on a mock through its
// control API, on a deployment in a browser as the inputs' hub member (consent-decision.ts). The
// empty scope needs an app of the check's own and the expiry the mock's clock: both mock only.
import type { ActiveCheck } from '../../check.ts';
import { authorizeQuery, LONG_STATE, mockApp, tokensOf, visitAuthorize } from './authorize-kit.ts';
import { advanceMockClock, controlAnswer } from '../../mock-control.ts';
import { canDecide, decide, NEEDS_APPROVAL } from '../../kits/consent-decision.ts';
import { needClient, pkcePair } from '../../kits/oauth-kit.ts';

const CONSENT_REQUEST_SECONDS = 15 * 60;

export const consent: ActiveCheck = {
  kind: 'active',
  id: 'oauth.consent',
  area: 'oauth',
  title:
    'approval and denial of a consent request: code svc_ac_, state returned whole, redirect URI left out, empty scope is all, access_denied, request_expired after 15 minutes',
  spec: '5.2, 8',
  basis: 'documented',
  writes: true,
  leaves: 'moved-clock',
  async run(context) {
    const client = needClient(context);
    if (!canDecide(context)) context.skip(NEEDS_APPROVAL);
    const registered = new URL(client.redirectUri ?? context.skip('needs the redirect URI registered for the client'));
    const sameEndpoint = (url: URL) => url.origin === registered.origin && url.pathname === registered.pathname;

    const approved = await decide(context, authorizeQuery(client, pkcePair().challenge, { state: LONG_STATE }), 'approve');
    const code = approved.searchParams.get('code') ?? '';
    context.judge(
      'oauth.code-prefix',
      !/^svc_ac_\S+$/.test(code) && `the approval's callback carries code ${JSON.stringify(code)}, not svc_ac_...`,
    );
    const stateProblem =
      approved.searchParams.get('state') !== LONG_STATE &&
      `the approval's callback carries a state of ${approved.searchParams.get('state')?.length ?? 0} characters, not the 500 printable characters sent`;
    for (const rule of ['oauth.state-returned', 'oauth.state-500-printable', 'oauth.limit-state']) context.judge(rule, stateProblem);

    const leftOut = await decide(context, authorizeQuery(client, pkcePair().challenge, { redirect_uri: undefined }), 'approve');
    context.judge(
      'oauth.authorize-redirect-optional',
      (!sameEndpoint(leftOut) || !leftOut.searchParams.get('code')) &&
        `a request without redirect_uri, for an app with one, sent the browser to ${leftOut.href}, not to ${registered.href} with a code`,
    );

    const state = 'conformance-deny';
    const denied = await decide(context, authorizeQuery(client, pkcePair().challenge, { state }), 'deny');
    const deniedProblem =
      !sameEndpoint(denied) || denied.searchParams.get('error') !== 'access_denied'
        ? `a denial sent the browser to ${denied.href}, not back to the app with error=access_denied`
        : denied.searchParams.get('state') !== state && `a denial sent back state ${denied.searchParams.get('state')}, not ${state}`;
    context.judge('oauth.denial-access-denied', deniedProblem);

    if (!context.target.mock) {
      const ownApp = "needs an app of the check's own whose declared scopes it knows, which only a crmkit mock lets the suite register";
      context.skipRule('oauth.authorize-scope-empty-all', ownApp);
      const clock = "needs the mock's clock moved 15 minutes (its control API): a deployment's would be waited out";
      for (const rule of ['oauth.consent-15-minutes', 'oauth.limit-consent-request']) context.skipRule(rule, clock);
      return;
    }
    // Two declared scopes, so that "all" differs from any one of them.
    const twoScopes = await mockApp(context, ['leads:read', 'contacts:read']);
    const all = await tokensOf(context, twoScopes, { scope: undefined });
    const granted = String(all.json.scope ?? '')
      .split(' ')
      .sort()
      .join(' ');
    context.judge(
      'oauth.authorize-scope-empty-all',
      granted !== 'contacts:read leads:read' &&
        `a request without scope was granted ${JSON.stringify(all.json.scope)}, not every scope the app declares (leads:read contacts:read)`,
      all,
    );

    // The browser opens the request; it is decided 15 minutes and a second later.
    const late = authorizeQuery(client, pkcePair().challenge);
    await visitAuthorize(context, late);
    await advanceMockClock(context, CONSENT_REQUEST_SECONDS + 1);
    const decided = await controlAnswer(context, 'POST', '/_mock/oauth/consent', {
      authorize_url: `${context.target.hubUrl}/oauth/authorize?${late}`,
      decision: 'approve',
    });
    const expiredProblem =
      (decided.status !== 400 || decided.json?.error?.code !== 'request_expired') &&
      `deciding a consent request opened 15 minutes and a second earlier answered ${decided.status} ${decided.json?.error?.code ?? JSON.stringify(decided.json).slice(0, 120)}, not 400 request_expired`;
    context.judge('oauth.consent-15-minutes', expiredProblem);
    context.judge('oauth.limit-consent-request', expiredProblem);
  },
};
