// Spec 5.2 step 1 and part 8: the code_challenge is base64url(SHA-256(verifier)) without padding,
// and a verifier has 43 to 128 characters. A verifier that does not hash to the challenge answers
// invalid_grant; one of 42 or 129 characters is refused even when it does hash to the challenge
// (the answer to a wrong length is not shown: 400 invalid_request or invalid_grant); 128 characters
// are taken. Each code needs an approval (a crmkit mock).
import { createHash, randomBytes } from 'node:crypto';
import type { ActiveCheck } from '../../check.ts';
import { oauthErrorOf } from './authorize-kit.ts';
import type { CheckContext } from '../../context.ts';
import { approvedCode, exchangeCode, needClient, pkcePair, type OAuthClient } from '../../kits/oauth-kit.ts';

/** A verifier of `length` characters of the unreserved alphabet, and its S256 challenge. */
function pairOfLength(length: number): { verifier: string; challenge: string } {
  const verifier = randomBytes(length).toString('base64url').slice(0, length);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const pkce: ActiveCheck = {
  kind: 'active',
  id: 'oauth.pkce',
  area: 'oauth',
  title: 'a verifier that does not hash to the challenge answers invalid_grant; verifiers of 42 and 129 characters are refused, 128 taken',
  spec: '5.2, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    const { challenge } = pkcePair();
    const { code, redirectUri } = await approvedCode(context, client, challenge);
    const other = await exchangeCode(context, client, code, redirectUri, pkcePair().verifier);
    context.judge(
      'oauth.pkce-challenge-s256',
      (other.status !== 400 || other.json?.error !== 'invalid_grant') &&
        `a verifier that does not hash to the code's challenge answered ${other.status} ${oauthErrorOf(other)}, not 400 invalid_grant`,
      other,
    );

    for (const length of [42, 129]) {
      const exchange = await exchangeWithVerifierOf(context, client, length);
      const problem =
        (exchange.status !== 400 || !['invalid_request', 'invalid_grant'].includes(exchange.json?.error)) &&
        `a verifier of ${length} characters, hashing to the challenge, answered ${exchange.status} ${oauthErrorOf(exchange)}; verifiers have 43 to 128 characters`;
      context.judge('oauth.pkce-verifier-length', problem, exchange);
      context.judge('oauth.limit-pkce-verifier', problem, exchange);
    }
    const longest = await exchangeWithVerifierOf(context, client, 128);
    const longestProblem =
      longest.status !== 200 && `a verifier of 128 characters answered ${longest.status} ${oauthErrorOf(longest)}, not 200`;
    context.judge('oauth.pkce-verifier-length', longestProblem, longest);
    context.judge('oauth.limit-pkce-verifier', longestProblem, longest);
  },
};

async function exchangeWithVerifierOf(context: CheckContext, client: OAuthClient, length: number) {
  const { verifier, challenge } = pairOfLength(length);
  const { code, redirectUri } = await approvedCode(context, client, challenge);
  return exchangeCode(context, client, code, redirectUri, verifier);
}
