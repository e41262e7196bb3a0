import type { ActiveCheck } from '../../check.ts';

export const validationFailed: ActiveCheck = {
  kind: 'active',
  id: 'errors.validation-failed',
  area: 'errors',
  title:
    'a value out of its rules answers 422 validation_failed naming the field (negative amount, a name over 255 characters, an unknown custom key under custom.<key>)',
  spec: '2.3, 2.11, 7.3, 8',
  basis: 'documented',
  writes: false,
  async run(context) {
    // Spec 2.11, 7.3: a custom value's problem is named by the key `custom.<key>`, a flat key like any other.
    const unknownKey = `conformance_no_such_key_${context.runId}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
    const cases = [
      ['amount', { amount: -1 }],
      ['name', { name: 'x'.repeat(256) }],
      [`custom.${unknownKey}`, { custom: { [unknownKey]: 'x' } }],
    ] as const;
    for (const [field, body] of cases) {
      const answer = await context.client.call('createLead', { body });
      if (answer.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: answer.json.id } }));
      context.expectError(answer, 422, 'validation_failed', { status: 'errors.status-422', code: 'errors.validation-failed' });
      if (typeof answer.json.error.fields?.[field] !== 'string')
        context.fail(`error.fields does not name ${field} with a message (fields: ${JSON.stringify(answer.json.error.fields)})`, answer);
    }
  },
};
