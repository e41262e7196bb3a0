import type { ActiveCheck } from '../../check.ts';

/** Spec 7.2 gives the status, 7.3's table the code: a 401 with another code breaks the code's rule only. */
const CREDENTIAL_RULES = { status: 'errors.status-401', code: 'errors.invalid-token' };

export const credentials: ActiveCheck = {
  kind: 'active',
  id: 'input.credentials',
  family: 'input',
  title: 'no key, or an unknown one, answers 401 invalid_token',
  spec: '5.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    context.expectError(await context.client.send('GET', '/v1/api-keys/whoami', { key: null }), 401, 'invalid_token', CREDENTIAL_RULES);
    const unknownKey = `svc_live_${'x'.repeat(40)}`;
    context.expectError(await context.client.send('GET', '/v1/api-keys/whoami', { key: unknownKey }), 401, 'invalid_token', CREDENTIAL_RULES);
  },
};
