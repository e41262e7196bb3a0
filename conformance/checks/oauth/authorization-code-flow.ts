import type { ActiveCheck } from '../../check.ts';
import { expectTokenRefused, freshTokens, needClient, oauthPost, whoami } from '../../oauth-kit.ts';

export const authorizationCodeFlow: ActiveCheck = {
  kind: 'active',
  id: 'oauth.authorization-code-flow',
  family: 'oauth',
  title: 'approval, code exchange with PKCE, the token answer of 5.2, an API call with the access token, and its revocation',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    const { tokens, exchange } = await freshTokens(context, client);
    const problems: string[] = [];
    const expect = (ok: boolean, problem: string) => void (ok || problems.push(problem));
    expect(/^svc_at_\S+$/.test(tokens.access_token), `access_token ${tokens.access_token} is not svc_at_...`);
    expect(tokens.token_type === 'Bearer', `token_type is ${JSON.stringify(tokens.token_type)}, not Bearer`);
    expect(tokens.expires_in === 3600, `expires_in is ${JSON.stringify(tokens.expires_in)}, not 3600 seconds (1 hour)`);
    expect(/^svc_rt_\S+$/.test(tokens.refresh_token), `refresh_token ${tokens.refresh_token} is not svc_rt_...`);
    expect(tokens.refresh_token_expires_in === 5184000, `refresh_token_expires_in is ${JSON.stringify(tokens.refresh_token_expires_in)}, not 5184000 seconds (60 days)`);
    expect(typeof tokens.scope === 'string', 'scope is not a space-separated string');
    expect(typeof tokens.workspace_id === 'string' && typeof tokens.installation_id === 'string', 'workspace_id or installation_id is missing');
    expect(exchange.headers['cache-control']?.includes('no-store') ?? false, `Cache-Control is ${exchange.headers['cache-control'] ?? '(none)'}, not no-store: tokens must not be cached`);
    if (problems.length) context.fail(`the token answer: ${problems.join('; ')}`, exchange);

    // Spec 5.2 step 7: the access token is a credential exactly like an API key.
    const me = await whoami(context, tokens.access_token);
    context.expectStatus(me, 200);
    if (tokens.workspace_id !== undefined && me.json?.workspace?.id !== tokens.workspace_id) context.fail(`whoami with the access token answers workspace ${me.json?.workspace?.id}, not the token's ${tokens.workspace_id}`, me);

    const revoked = await oauthPost(context, '/oauth/revoke', { token: tokens.access_token }, { client });
    context.expectStatus(revoked, 200);
    if (!revoked.json || Object.keys(revoked.json).length !== 0) context.fail('revoke answered something other than {}', revoked);
    await expectTokenRefused(context, tokens.access_token, 'the revoked access token');
  },
};
