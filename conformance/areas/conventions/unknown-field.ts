import type { ActiveCheck } from '../../check.ts';

export const unknownField: ActiveCheck = {
  kind: 'active',
  id: 'conventions.unknown-field',
  area: 'conventions',
  title: 'a body field the operation does not have answers 400 unknown_field naming it',
  spec: '2.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    // send, not call: an unknown field (nmae) is a body off createLead's type, on purpose.
    const answer = await context.client.send('POST', '/v1/leads', { body: { name: `conformance ${context.runId}`, nmae: 'typo' } });
    if (answer.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: answer.json.id } }));
    context.expectError(answer, 400, 'unknown_field', { status: 'errors.status-400', code: 'errors.unknown-field' });
    if (!answer.json.error.fields || !('nmae' in answer.json.error.fields))
      context.fail('error.fields does not name the unknown field nmae', answer);
  },
};
