// Event types and the data each carries, read from the document's `webhooks` (spec 6.4, 6.5):
// the one map from an event type to its body, so that a wrong field is a type error where the
// event is emitted, before the document's schema refuses it at run time.
import type { components, webhooks } from '../spec/generated/crm.d.ts';

type Schemas = components['schemas'];

/** Every event the document describes: the catalog's, `ping`, and the app lifecycle events. */
export type EventType = keyof webhooks;

/** The body the document gives the event `T`. */
export type EventBody<T extends EventType> = webhooks[T]['post'] extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** Events in the envelope of spec 6.1 (`api_version`, `occurred_at`, `actor`, `data.object`). */
export type EnvelopeEventType = { [T in EventType]: EventBody<T> extends Schemas['EventEnvelope'] ? T : never }[EventType];

/** App lifecycle events (spec 6.5: `created_at`, `data.app_id`...), posted to an app's webhook URL. */
export type LifecycleEventType = { [T in EventType]: EventBody<T> extends Schemas['AppLifecycleEvent'] ? T : never }[EventType];

/** The events of the catalog (spec 6.4) that go to every subscribed webhook: all the envelope events but `ping`. */
export type CatalogEventType = Exclude<EnvelopeEventType, 'ping'>;

/** What the event's schema adds to the envelope (its allOf's second part). */
type Own<T extends EventType, Base> = EventBody<T> extends Base & infer Rest ? Rest : never;

/**
 * `data.object` of an envelope event as the mock emits it, whole (cutting it to `truncated` is the
 * emitter's, spec 6.1): the event's own object schema where the document has one, with `id` and
 * `object` of every event object.
 */
export type EventObjectOf<T extends EnvelopeEventType> =
  Own<T, Schemas['EventEnvelope']> extends { data?: { object?: infer Object } } ? WholeObject<Object> & Schemas['EventObject'] : never;

/** Of `{object: const} | Specific | TruncatedObject`: the specific schema, or the bare constant where there is none. */
type WholeObject<Union> = [Exclude<Extract<Union, { id: unknown }>, Schemas['TruncatedObject']>] extends [never]
  ? Exclude<Union, Schemas['TruncatedObject']>
  : Exclude<Extract<Union, { id: unknown }>, Schemas['TruncatedObject']>;

/**
 * The lifecycle events, known at run time too (emit.ts sends them to the app, not to webhooks):
 * a lifecycle event the document adds and this list misses fails to compile here.
 */
export const LIFECYCLE_EVENT_TYPES = [
  'app.installed',
  'app.scopes_changed',
  'app.settings_updated',
  'app.uninstalled',
] as const satisfies readonly LifecycleEventType[];
type Missed = Exclude<LifecycleEventType, (typeof LIFECYCLE_EVENT_TYPES)[number]>;
export const LIFECYCLE_LIST_IS_WHOLE: [Missed] extends [never] ? true : Missed = true;

export function isLifecycleEvent(type: EventType): type is LifecycleEventType {
  return (LIFECYCLE_EVENT_TYPES as readonly string[]).includes(type);
}
