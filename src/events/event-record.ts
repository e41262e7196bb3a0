// Events as the workspace keeps them (its outbox): the envelope of spec 6.1, exactly as it is
// delivered to webhooks and listed by the control API.
import type { components } from '../spec/generated/crm.d.ts';
import type { TableDefinition } from '../store/table-definition.ts';

export type EventEnvelope = components['schemas']['EventEnvelope'];
export type Actor = components['schemas']['Actor'];
/** An app lifecycle event (spec 6.5): not in the envelope, and not kept in the events table. */
export type LifecycleEvent = components['schemas']['AppLifecycleEvent'];

export const eventTable: TableDefinition<EventEnvelope> = {
  document: 'crm',
  schema: 'EventEnvelope',
  lookups: { type: (event) => event.type },
};

export const SYSTEM_ACTOR: Actor = { type: 'system', id: '' };
