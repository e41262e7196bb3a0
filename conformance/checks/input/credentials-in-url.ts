import type { ActiveCheck } from '../../check.ts';

export const credentialsInUrl: ActiveCheck = {
  kind: 'active',
  id: 'input.credentials-in-url',
  family: 'input',
  title: 'a key in the URL answers 400 credentials_in_url, even a valid one',
  spec: '5.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    const answer = await context.client.send('GET', `/v1/leads?api_key=${encodeURIComponent(context.target.apiKey)}`, { key: null });
    context.expectError(answer, 400, 'credentials_in_url');
  },
};
