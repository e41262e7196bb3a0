import type { ActiveCheck } from '../../check.ts';
import { routeNotOffered } from '../../inferred-route.ts';
import { CLOSED_BODY_OPERATIONS, pathOf, refusedBeforeBody } from '../../kits/closed-bodies.ts';

export const unknownFieldEverywhere: ActiveCheck = {
  kind: 'active',
  id: 'conventions.unknown-field-everywhere',
  area: 'conventions',
  title:
    'every operation with a closed body refuses an unknown field with 400 unknown_field (or 404 for a record that does not exist, 403 for web-app-only routes)',
  spec: '2.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    for (const operation of CLOSED_BODY_OPERATIONS) {
      // send, not call: an unknown field is a body off the operation's type, on every operation the document lists.
      const answer = await context.client.send(operation.method, pathOf(operation), { body: { conformance_unknown_field: context.runId } });
      if (answer.status === 400 && answer.json?.error?.code === 'unknown_field') continue;
      if (refusedBeforeBody(operation, answer) || routeNotOffered(context, answer)) continue;
      context.fail(`${operation.id} answered ${answer.status} ${answer.json?.error?.code ?? ''} to an unknown body field`, answer);
    }
  },
};
