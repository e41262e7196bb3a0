import type { ActiveCheck } from '../../check.ts';
import { routeNotOffered } from '../../inferred-route.ts';
import { CLOSED_BODY_OPERATIONS, pathOf, refusedBeforeBody, stringProperty } from '../../kits/closed-bodies.ts';

export const wrongTypeEverywhere: ActiveCheck = {
  kind: 'active',
  id: 'conventions.wrong-type-everywhere',
  area: 'conventions',
  title: 'every operation answers a number where its body has a text field with 400 bad_json naming the field',
  spec: '2.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    for (const operation of CLOSED_BODY_OPERATIONS) {
      const [field] = stringProperty(operation) ?? [];
      if (!field) continue;
      // send, not call: a number in a text field is a body of the wrong type, on every operation the document lists.
      const answer = await context.client.send(operation.method, pathOf(operation), { body: { [field]: 12345 } });
      if (refusedBeforeBody(operation, answer) || routeNotOffered(context, answer)) continue;
      if (answer.status !== 400 || answer.json?.error?.code !== 'bad_json')
        context.fail(`${operation.id} answered ${answer.status} ${answer.json?.error?.code ?? ''} to a number in ${field}`, answer);
      if (!(field in (answer.json.error.fields ?? {}))) context.fail(`${operation.id}: bad_json does not name ${field}`, answer);
    }
  },
};
