import type { ActiveCheck } from '../../check.ts';

export const missingScope: ActiveCheck = {
  kind: 'active',
  id: 'auth.missing-scope',
  area: 'auth',
  title: 'a key without the scope answers 403 missing_scope naming it',
  spec: '5.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    const key = context.target.limitedKey ?? context.skip('needs --limited-key: a key with leads:read and without leads:write');
    const answer = await context.client.call('createLead', { key, body: { name: `conformance ${context.runId}` } });
    if (answer.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: answer.json.id } }));
    context.expectError(answer, 403, 'missing_scope', { status: 'errors.status-403', code: 'errors.missing-scope' });
    if (answer.json.error.scope !== 'leads:write') context.fail(`error.scope is ${answer.json.error.scope}, not leads:write`, answer);
  },
};
