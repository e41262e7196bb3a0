// The mock's outbox (spec 6): what every workspace hands its outgoing events to once they are
// built and checked (emit.ts), and what the delivery queue (resources/webhooks/) takes them from.
// It also holds what building an event needs of the document, given once when the mock is made:
// the `api_version` events carry and the validator each event is checked with. Every workspace
// of a mock holds the same outbox (workspace.ts), so no code that emits needs the mock's state.
import type { SchemaValidator } from '../spec/schema-validator.ts';
import type { EventEnvelope, LifecycleEvent } from './event-record.ts';

/**
 * Where an event goes (spec 6.4, 4.11, 6.5): a catalog event to every subscribed webhook, `ping`
 * to the one webhook pinged, an app lifecycle event to the app's webhook URL.
 */
export type Destination = { to: 'subscribers' } | { to: 'webhook'; webhookId: string } | { to: 'app'; appId: string };

export type OutgoingEvent = EventEnvelope | LifecycleEvent;

/**
 * Stores the event's deliveries, inside the transaction of the change that made the event: a
 * change that fails takes them with it, and their first attempt goes once it commits.
 */
export type DeliveryQueue<Workspace> = (workspace: Workspace, event: OutgoingEvent, destination: Destination) => Promise<void>;

/** What sees the events handed, without changing them or where they go. */
export type OutboxWatcher<Workspace> = (workspace: Workspace, event: OutgoingEvent, destination: Destination) => void;

/** `Workspace` is the workspace type (workspaces/workspace.ts), a parameter so that this layer does not import it back. */
export class Outbox<Workspace> {
  /** The `api_version` events carry: the document's default. */
  readonly apiVersion: string;
  /** The CRM document's validator: every event is checked against `webhooks/{type}`. */
  readonly validator: SchemaValidator;
  // Until a queue is connected (a core without the webhooks resource), events are kept but go nowhere.
  #queue: DeliveryQueue<Workspace> = async () => {};
  #watchers: OutboxWatcher<Workspace>[] = [];

  constructor(apiVersion: string, validator: SchemaValidator) {
    this.apiVersion = apiVersion;
    this.validator = validator;
  }

  /** The delivery queue takes every event from now on; once per mock (resources/webhooks/queue-events.ts). */
  connect(queue: DeliveryQueue<Workspace>): void {
    this.#queue = queue;
  }

  /** `watcher` sees every event handed from now on, before the queue takes it (other-readings/story-extra-events.ts). */
  watch(watcher: OutboxWatcher<Workspace>): void {
    this.#watchers.push(watcher);
  }

  hand(workspace: Workspace, event: OutgoingEvent, destination: Destination): Promise<void> {
    for (const watcher of this.#watchers) watcher(workspace, event, destination);
    return this.#queue(workspace, event, destination);
  }
}
