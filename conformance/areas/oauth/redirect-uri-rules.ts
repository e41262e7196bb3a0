// Spec 5.2 step 3: redirect URIs use https://, except http://localhost and http://127.0.0.1, and
// have no wildcards or fragments. Through the interface: an authorization request whose
// redirect_uri is a wildcard matching the registered one (`*` for the path, the host, or the
// rest of the address) is never taken: the person sees an error page, not the consent page and
// not a redirect. On a crmkit mock, whose control API registers apps (the developer console of a
// deployment is not part of the interface), registering such a URI is refused too.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { authorizeQuery, visitAuthorize } from './authorize-kit.ts';
import { controlAnswer } from '../../mock-control.ts';
import { needClient, pkcePair } from '../../kits/oauth-kit.ts';

export const redirectUriRules: ActiveCheck = {
  kind: 'active',
  id: 'oauth.redirect-uri-rules',
  area: 'oauth',
  title:
    'a redirect_uri with a wildcard is never taken at the authorization endpoint (an error page); on a mock, registering a wildcard, a fragment or plain http other than localhost is refused',
  spec: '5.2',
  basis: 'documented',
  // Only the mock's registrations write (control API), and they are skipped in a read-only run.
  writes: false,
  async run(context) {
    const client = needClient(context);
    const registered = new URL(client.redirectUri ?? context.skip('needs the redirect URI registered for the client'));
    for (const wildcard of [`${registered.origin}/*`, `${registered.protocol}//*${registered.pathname}`, `${registered.href}*`]) {
      const sent = await visitAuthorize(context, authorizeQuery(client, pkcePair().challenge, { redirect_uri: wildcard }));
      const problem =
        sent.status >= 300 && sent.status < 400
          ? `was redirected to ${sent.headers.location}`
          : sent.status < 300
            ? `was taken (${sent.status}, the consent page)`
            : undefined;
      context.judge(
        'oauth.redirect-uri-no-wildcards',
        problem &&
          `an authorization request with redirect_uri ${wildcard}, a wildcard for the registered ${registered.href}, ${problem}; the person must see an error page`,
        sent,
      );
    }
    if (!context.target.mock || context.target.readOnly) {
      context.skipRule(
        'oauth.redirect-uri-https',
        'redirect URIs are registered in the developer console, which only a crmkit mock lets the suite reach (control API), in a run that may write',
      );
      return;
    }
    await judgeRegistration(context, context.target.mock.workspaceId);
  },
};

/** The mock's registration of apps: wildcards, fragments and plain http elsewhere than localhost are refused. */
async function judgeRegistration(context: CheckContext, workspaceId: string): Promise<void> {
  const register = (redirectUri: string) =>
    controlAnswer(context, 'POST', `/_mock/workspaces/${workspaceId}/apps`, {
      name: `conformance ${context.runId}`,
      redirect_uri: redirectUri,
      scopes: ['leads:read'],
    });
  for (const refused of [
    'https://*.example.com/callback',
    'https://app.example.com/*',
    'http://127.0.0.1/callback*',
    'https://app.example.com/callback#done',
  ]) {
    const answer = await register(refused);
    context.judge(
      'oauth.redirect-uri-no-wildcards',
      answer.status !== 422 && `registering an app with redirect URI ${refused} answered ${answer.status}, not 422`,
    );
  }
  const plain = await register('http://app.example.com/callback');
  const local = await register('http://localhost:5173/callback');
  context.judge(
    'oauth.redirect-uri-https',
    plain.status !== 422
      ? `registering an app with redirect URI http://app.example.com/callback answered ${plain.status}, not 422`
      : local.status !== 201
        ? `registering an app with redirect URI http://localhost:5173/callback answered ${local.status}, not 201`
        : undefined,
  );
}
