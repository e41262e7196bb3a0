import type { ActiveCheck } from '../../check.ts';

export const credentials: ActiveCheck = {
  kind: 'active',
  id: 'input.credentials',
  family: 'input',
  title: 'no key, or an unknown one, answers 401 invalid_token',
  spec: '5.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    context.expectError(await context.client.send('GET', '/v1/api-keys/whoami', { key: null }), 401, 'invalid_token');
    context.expectError(await context.client.send('GET', '/v1/api-keys/whoami', { key: `svc_live_${'x'.repeat(40)}` }), 401, 'invalid_token');
  },
};
