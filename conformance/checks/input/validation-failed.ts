import type { ActiveCheck } from '../../check.ts';

export const validationFailed: ActiveCheck = {
  kind: 'active',
  id: 'input.validation-failed',
  family: 'input',
  title: 'a value out of its rules answers 422 validation_failed naming the field (negative amount, a name over 255 characters)',
  spec: '2.3, 7.3, 8',
  basis: 'documented',
  writes: false,
  async run(context) {
    for (const [field, body] of [['amount', { amount: -1 }], ['name', { name: 'x'.repeat(256) }]] as const) {
      const answer = await context.client.send('POST', '/v1/leads', { body });
      if (answer.status === 201) context.cleanup(() => context.client.send('DELETE', `/v1/leads/${answer.json.id}`));
      context.expectError(answer, 422, 'validation_failed');
      if (!answer.json.error.fields || !(field in answer.json.error.fields)) context.fail(`error.fields does not name ${field}`, answer);
    }
  },
};
