import type { ActiveCheck } from '../../check.ts';
import { CLOSED_BODY_OPERATIONS, pathOf, refusedBeforeBody, stringProperty } from '../../kits/closed-bodies.ts';

export const tooLongEverywhere: ActiveCheck = {
  kind: 'active',
  id: 'errors.too-long-everywhere',
  area: 'errors',
  title: 'every operation answers a text one character over its limit with 422 validation_failed naming the field',
  spec: '7.3, 8',
  basis: 'documented',
  writes: false,
  async run(context) {
    for (const operation of CLOSED_BODY_OPERATIONS) {
      const [field, schema] = stringProperty(operation, true) ?? [];
      if (!field || !schema?.maxLength) continue;
      // send, not call: one text field alone, over its limit, is a body the operation refuses, on every operation the document lists.
      const answer = await context.client.send(operation.method, pathOf(operation), {
        body: { [field]: 'x'.repeat(schema.maxLength + 1) },
      });
      if (refusedBeforeBody(operation, answer)) continue;
      if (answer.status !== 422 || answer.json?.error?.code !== 'validation_failed')
        context.fail(
          `${operation.id} answered ${answer.status} ${answer.json?.error?.code ?? ''} to ${field} of ${schema.maxLength + 1} characters`,
          answer,
        );
      if (!(field in (answer.json.error.fields ?? {}))) context.fail(`${operation.id}: validation_failed does not name ${field}`, answer);
    }
  },
};
