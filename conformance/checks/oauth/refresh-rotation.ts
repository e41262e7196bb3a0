import type { ActiveCheck } from '../../check.ts';
import { expectOAuthError, expectTokenRefused, expectTokenWorks, freshTokens, needClient, refresh } from '../../oauth-kit.ts';

export const refreshRotation: ActiveCheck = {
  kind: 'active',
  id: 'oauth.refresh-rotation',
  family: 'oauth',
  title: 'a refresh answers a new refresh token and ends the old one; the old one presented again revokes every token',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    const { tokens } = await freshTokens(context, client);
    const refreshed = await refresh(context, client, tokens.refresh_token);
    context.expectStatus(refreshed, 200);
    const next = refreshed.json;
    if (typeof next?.refresh_token !== 'string' || next.refresh_token === tokens.refresh_token) {
      context.fail('the refresh answered the same refresh token: refresh tokens rotate, each refresh returns a new one', refreshed);
    }
    await expectTokenWorks(context, next.access_token, 'the refreshed access token');
    // Presenting the used refresh token is treated as theft: refused, and everything revoked.
    expectOAuthError(context, await refresh(context, client, tokens.refresh_token), 400, 'invalid_grant');
    await expectTokenRefused(context, next.access_token, 'after the used refresh token came back, the newest access token');
    expectOAuthError(context, await refresh(context, client, next.refresh_token), 400, 'invalid_grant');
  },
};
