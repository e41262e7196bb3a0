// Spec 4.15 and 5.2 steps 5 to 7: the code exchange, form-encoded with HTTP Basic client
// authentication, at {base_url}/oauth/token outside /v1; each field of the token answer; an API
// call with the access token exactly like a key, in the token's workspace; and revoking it
// (200 {}), after which it answers invalid_token. The approval needs a crmkit mock.
import type { ActiveCheck } from '../../check.ts';
import { freshTokens, needClient, oauthPost, whoami } from '../../kits/oauth-kit.ts';

export const authorizationCodeFlow: ActiveCheck = {
  kind: 'active',
  id: 'oauth.authorization-code-flow',
  area: 'oauth',
  title: 'approval, code exchange with PKCE, the token answer of 5.2, an API call with the access token, and its revocation',
  spec: '4.15, 5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    const { tokens, exchange } = await freshTokens(context, client);
    for (const rule of ['oauth.route-token', 'oauth.exchange-form-encoded', 'oauth.client-auth-basic'])
      context.judge(rule, undefined, exchange);
    const field = (rule: string, ok: boolean, problem: string) => context.judge(rule, !ok && `the token answer: ${problem}`, exchange);
    field('oauth.answer-access-token', /^svc_at_\S+$/.test(tokens.access_token), `access_token ${tokens.access_token} is not svc_at_...`);
    field('oauth.answer-token-type', tokens.token_type === 'Bearer', `token_type is ${JSON.stringify(tokens.token_type)}, not Bearer`);
    field(
      'oauth.answer-expires-in',
      tokens.expires_in === 3600,
      `expires_in is ${JSON.stringify(tokens.expires_in)}, not 3600 seconds (1 hour)`,
    );
    field(
      'oauth.answer-refresh-token',
      /^svc_rt_\S+$/.test(tokens.refresh_token),
      `refresh_token ${tokens.refresh_token} is not svc_rt_...`,
    );
    field(
      'oauth.answer-refresh-expires-in',
      tokens.refresh_token_expires_in === 5184000,
      `refresh_token_expires_in is ${JSON.stringify(tokens.refresh_token_expires_in)}, not 5184000 seconds (60 days)`,
    );
    field(
      'oauth.answer-scope',
      typeof tokens.scope === 'string' && /^\S+( \S+)*$/.test(tokens.scope),
      `scope ${JSON.stringify(tokens.scope)} is not the granted scopes, space-separated`,
    );
    field(
      'oauth.answer-workspace-installation',
      typeof tokens.workspace_id === 'string' && /^ins?t?_\S+$/.test(String(tokens.installation_id)),
      `workspace_id ${JSON.stringify(tokens.workspace_id)} or installation_id ${JSON.stringify(tokens.installation_id)} is missing`,
    );

    // Spec 5.2 step 7: the access token is a credential exactly like an API key.
    const me = await whoami(context, tokens.access_token);
    const workspaceProblem =
      me.status === 200 &&
      tokens.workspace_id !== undefined &&
      me.json?.workspace?.id !== tokens.workspace_id &&
      `whoami with the access token answers workspace ${me.json?.workspace?.id}, not the token's ${tokens.workspace_id}`;
    context.judge(
      'oauth.access-token-like-key',
      me.status !== 200 ? `whoami with the access token answered ${me.status}, not 200` : workspaceProblem,
      me,
    );
    context.judge('oauth.answer-workspace-installation', workspaceProblem, me);

    const revoked = await oauthPost(context, '/oauth/revoke', { token: tokens.access_token }, { client });
    const revokeProblem =
      (revoked.status !== 200 || !revoked.json || typeof revoked.json !== 'object' || Object.keys(revoked.json).length !== 0) &&
      `revoking the access token answered ${revoked.status} ${revoked.text.slice(0, 80)}, not 200 {}`;
    context.judge('oauth.route-revoke', revoked.status >= 400 && `revoking the access token answered ${revoked.status}`, revoked);
    context.judge('oauth.revoke-answer', revokeProblem, revoked);
    const after = await whoami(context, tokens.access_token);
    context.judge(
      'oauth.access-token-revoked',
      (after.status !== 401 || after.json?.error?.code !== 'invalid_token') &&
        `the revoked access token answered ${after.status} ${after.json?.error?.code ?? ''}, not 401 invalid_token`,
      after,
    );
  },
};
