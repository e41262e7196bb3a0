// The moves on a route that acts on a record (a webhook's ping or secret rotation, a conversation's
// state) and on a webhook's deliveries (4.11).
import { bodySchemaOf } from './document-schemas.ts';
import { bodyOf, type Generation, type Made } from './generation.ts';
import { list } from './list-moves.ts';
import { read } from './record-moves.ts';
import { resourceNamed, RESOURCES } from './resources.ts';
import type { Step } from './step.ts';

/** A route that acts on a live record (a webhook's ping or secret rotation), each in turn; a ping's delivery is kept to be read. */
export function action(g: Generation, id: number, live: Made[]): Step {
  const acting = live.filter((made) => resourceNamed(made.resource).actions);
  if (!acting.length) return read(g, id, g.prng.pick(live));
  const made = g.prng.pick(acting);
  const operationId = g.coverage.least(resourceNamed(made.resource).actions!, (action) => `action ${action}`);
  const body = actionBody(g, operationId);
  const step: Step = { id, operationId, params: { id: { ref: made.ref } }, query: {}, ...(body ? { body } : {}), variant: 'valid' };
  // A conversation's state changed: read right after (an action's answer is x-inferred, its read is not).
  if (made.resource === 'conversation') g.derivedReads.push((next) => read(g, next, made));
  const creates = RESOURCES.find((resource) => resource.madeWhen === 'action' && resource.create === operationId)?.name;
  if (!creates) return step;
  g.made.push({ ref: id, resource: creates, deleted: false, links: new Set([made.ref]), body: body ?? {}, parent: made.ref });
  return { ...step, creates };
}

/** The body an action's schema asks for (its required properties and a few more; an assignee now and then cleared with `null`), none when it takes none. */
export function actionBody(g: Generation, operationId: string): Record<string, unknown> | undefined {
  const { properties, required } = bodySchemaOf(operationId);
  const names = Object.keys(properties);
  if (!names.length) return undefined;
  const body = bodyOf(g, operationId, properties, [...new Set([...required, ...g.prng.some(names)])]);
  if ('assignee_id' in body && g.prng.chance(0.3)) body.assignee_id = null;
  return body;
}

/**
 * A delivery read under its webhook, or its webhook's deliveries listed; now and then a delivery
 * read under another of the run's webhooks, whose deliveries it is not (4.11: a webhook's deliveries): 404.
 */
export function deliveries(g: Generation, id: number): Step {
  const deliveries = g.made.filter((made) => made.resource === 'delivery');
  if (!deliveries.length) return list(g, id);
  const delivery = g.prng.pick(deliveries);
  const others = g.made.filter((made) => made.resource === 'webhook' && made.ref !== delivery.parent);
  const kind = g.coverage.least(['read', 'list', ...(others.length ? ['under another'] : [])], (candidate) => `deliveries ${candidate}`);
  if (kind === 'list')
    return { id, operationId: 'listWebhookDeliveries', params: { id: { ref: delivery.parent! } }, query: {}, variant: 'valid' };
  const webhook = kind === 'read' ? delivery.parent! : g.prng.pick(others).ref;
  return {
    id,
    operationId: 'getWebhookDelivery',
    params: { id: { ref: webhook }, did: { ref: delivery.ref } },
    query: {},
    variant: 'valid',
  };
}
