import type { ActiveCheck } from '../../check.ts';
import { approvedCode, exchangeCode, expectOAuthError, needClient, pkcePair } from '../../oauth-kit.ts';

export const pkce: ActiveCheck = {
  kind: 'active',
  id: 'oauth.pkce',
  family: 'oauth',
  title: 'a code exchanged with a verifier that does not hash to its challenge answers invalid_grant',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    const { challenge } = pkcePair();
    const { code, redirectUri } = await approvedCode(context, client, challenge);
    const other = pkcePair().verifier;
    expectOAuthError(context, await exchangeCode(context, client, code, redirectUri, other), 400, 'invalid_grant');
  },
};
