import type { ActiveCheck } from '../../check.ts';

export const credentialsInUrl: ActiveCheck = {
  kind: 'active',
  id: 'auth.credentials-in-url',
  area: 'auth',
  title: 'a key in the URL answers 400 credentials_in_url, even a valid one, and also beside a valid Authorization header',
  spec: '5.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    // send, not call: a key in the query, a parameter the document does not describe, on purpose.
    const answer = await context.client.send('GET', `/v1/leads?api_key=${encodeURIComponent(context.target.apiKey)}`, { key: null });
    context.expectError(answer, 400, 'credentials_in_url', { code: 'errors.credentials-in-url' });
    // Spec 5.1 refuses a key in a URL whatever else the request carries: a valid header beside it does not make the URL clean.
    const beside = await context.client.send('GET', `/v1/leads?api_key=${encodeURIComponent(context.target.apiKey)}`);
    if (beside.status !== 400 || beside.json?.error?.code !== 'credentials_in_url') {
      context.fail(
        `a key in the URL beside a valid Authorization header answered ${beside.status} ${beside.json?.error?.code ?? ''}, not 400 credentials_in_url`,
        beside,
      );
    }
  },
};
