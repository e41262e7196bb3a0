// Spec 5.1, 7.2 and 7.3: a request without a bearer key (no Authorization header, Basic
// credentials, a key without the scheme) answers 401, "no valid credentials"; the spec names no
// code for it (7.3 gives invalid_token to a token "invalid, expired or revoked"), so only the
// status is judged. An unknown key answers 401 invalid_token, as 5.1 says ("Key errors: 401
// invalid_token").
import type { ActiveCheck } from '../../check.ts';
import { answerOf } from '../../kits/conventions-kit.ts';

const UNKNOWN_KEY = `svc_live_${'x'.repeat(40)}`;

/** Requests that carry no bearer key, each with what it sends. */
const WITHOUT_KEY: [string, Record<string, string>][] = [
  ['a request without Authorization', {}],
  ['Basic credentials', { authorization: `Basic ${Buffer.from(`${UNKNOWN_KEY}:`).toString('base64')}` }],
  ['a key without the Bearer scheme', { authorization: UNKNOWN_KEY }],
];

export const credentials: ActiveCheck = {
  kind: 'active',
  id: 'auth.credentials',
  area: 'auth',
  title: 'no bearer key (none, Basic, a bare key) and an unknown key answer 401, the unknown key with invalid_token',
  spec: '5.1, 7.2, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    // One rule per behaviour: the status of every request without valid credentials is
    // errors.status-401's (7.2); the code of an unknown key's 401 is auth.invalid-token's (5.1).
    for (const [what, headers] of WITHOUT_KEY) {
      // send, not call: no bearer key, or an Authorization header of a form the document does not describe, on purpose.
      const answer = await context.client.send('GET', '/v1/api-keys/whoami', { key: null, headers });
      context.judge('errors.status-401', answer.status === 401 ? undefined : `${what} answered ${answerOf(answer)}, not 401`, answer);
    }
    const unknown = await context.client.call('getWhoami', { key: UNKNOWN_KEY });
    if (unknown.status !== 401) {
      context.judge('errors.status-401', `an unknown key answered ${answerOf(unknown)}, not 401`, unknown);
      return context.skipRule('auth.invalid-token', 'the unknown key was not answered 401 (errors.status-401)');
    }
    const code = unknown.json?.error?.code;
    context.judge('errors.status-401', undefined, unknown);
    context.judge(
      'auth.invalid-token',
      code === 'invalid_token' ? undefined : `an unknown key answered 401 ${code ?? ''}, not invalid_token`,
      unknown,
    );
  },
};
