// Mutants of events (spec 6.1, 6.4, 6.5): which changes emit which events, what an event
// carries, and the app lifecycle events.
import type { EventEnvelope } from '../../events/event-record.ts';
import { SYSTEM_ACTOR } from '../../events/event-record.ts';
import type { MockState } from '../../mock-state.ts';
import { subscribesTo } from '../../resources/webhooks/event-patterns.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { withAttemptBody, type Handle } from '../fault.ts';
import type { EventFault } from '../fault-seam.ts';
import type { EventInfo } from '../../seams/delivery-seams.ts';
import { emit } from '../../events/emit.ts';
import { sameValue } from '../../records/same-value.ts';
import { normalizeId } from '../../ids/ids.ts';
import { callerOf, type HandlerContext } from '../../http/handler.ts';
import { faultMemory } from '../fault-memory.ts';
import { callerWorkspace, onOperation, sentJson } from '../request-match.ts';

/** The request handle left as it is: the fault lives in the event or the attempt. */
const unchanged = (next: Handle): Handle => next;

const objectOf = (event: EventEnvelope) => event.data.object as Record<string, unknown> & { id: string; object: string };

/** Drops the events `dropped` accepts, and sends the others as they are. */
const dropping = (dropped: (event: EventEnvelope, info: EventInfo) => boolean) => (event: EventEnvelope, info: EventInfo) =>
  dropped(event, info) ? [] : [event];

const CHANNEL_REPORTS: ReadonlySet<string> = new Set(['message.sent', 'message.delivered', 'message.read', 'message.failed']);

// Per mock: what each fault remembers between events.
const stageChangeIds = (state: MockState) => faultMemory(state, 'close-reuses-stage-change-event-id', () => new Map<string, string>());

const firstSignings = (state: MockState) => faultMemory(state, 'lifecycle-signed-once', () => new Map<string, number>());

const contactPatches = (state: MockState) =>
  faultMemory(state, 'contact-updated-once-per-patch', () => ({ running: 0, announced: new Set<string>() }));

/** lead-inline-contact-not-announced: lead creates with a `contact` running now, per workspace. */
const leadCreatesRunning = (state: MockState) =>
  faultMemory(state, 'lead-inline-contact-not-announced', () => new WeakMap<Workspace, number>());

/**
 * Notes that a contact PATCH is running, so that its events can be told from others. A raw wrap,
 * not the handler seam: the webhooks hear of the events once the request's transaction commits
 * (resources/webhooks/queue-events.ts), after the handler seam has returned.
 */
function markingContactPatches(next: Handle, state: MockState): Handle {
  return onOperation('updateContact', async (inner, request, info) => {
    const patches = contactPatches(state);
    patches.running += 1;
    try {
      return await inner(request, info);
    } finally {
      patches.running -= 1;
      if (patches.running === 0) patches.announced.clear();
    }
  })(next, state);
}

/** The stored contact the path names (by id or number), before the handler changes it. */
function contactNamed(context: HandlerContext) {
  const contacts = callerOf(context).workspace.tables.contacts;
  const named = String(context.input.path.id);
  return /^[0-9]+$/.test(named) ? contacts.firstBy('number', Number(named)) : contacts.get(normalizeId(named));
}

export const eventsEmittedMutants: readonly EventFault[] = [
  {
    // Readings review: events.actor-system-empty-id and events.form-known-contact are stated (6.1, 6.4).
    name: 'system-actor-named',
    area: 'events',
    proves: ['events.actor-system-empty-id'],
    description:
      'An event the service itself caused names its actor {type: system, id: "system"} instead of an empty id (spec 6.1: id empty for system).',
    wrap: unchanged,
    alterEvent: (event) => [event.actor.type === 'system' ? { ...event, actor: { type: 'system', id: 'system' } } : event],
  },
  {
    name: 'form-contact-always-announced',
    area: 'events',
    proves: ['events.form-known-contact'],
    description:
      'Every form submission also sends contact.created about its client, a known one reused too (spec 6.4: contact.created only when records are new).',
    wrap: unchanged,
    alterEvent: (event, { workspace }) => {
      const contactId = event.type === 'form.submitted' ? objectOf(event).contact_id : undefined;
      if (typeof contactId !== 'string') return [event];
      const about = { object: { id: contactId, object: 'contact' } };
      const created = { ...event, id: workspace.newId('event'), type: 'contact.created', data: about };
      return [event, created as EventEnvelope];
    },
  },
  {
    name: 'event-actor-always-system',
    area: 'events',
    proves: ['events.actor-api-key'],
    description:
      'Every event names the system as its actor, with an empty id: who caused it (the API key) is not passed down to the emitter.',
    wrap: unchanged,
    alterEvent: (event) => [{ ...event, actor: { ...SYSTEM_ACTOR } }],
  },
  {
    name: 'stage-changed-from-is-new-stage',
    area: 'events',
    proves: ['events.stage-changed-from'],
    description:
      'lead.stage_changed is built from the lead after the move: `from` and `from_type` name the stage it entered, like `to` and `to_type`.',
    wrap: unchanged,
    alterEvent: (event) => {
      if (event.type !== 'lead.stage_changed') return [event];
      const object = objectOf(event);
      return [{ ...event, data: { object: { ...object, from: object.to, from_type: object.to_type } } }];
    },
  },
  {
    name: 'close-reuses-stage-change-event-id',
    area: 'events',
    proves: ['events.event-ids-unique'],
    description:
      'lead.won and lead.lost carry the event id of the lead.stage_changed the same move sent (one id per request, not per event), so a receiver deduplicating by Svc-Event-Id drops them.',
    wrap: unchanged,
    alterEvent: (event, { state }) => {
      const ids = stageChangeIds(state);
      const leadId = objectOf(event).id;
      if (event.type === 'lead.stage_changed') ids.set(leadId, event.id);
      const shared = ids.get(leadId);
      return (event.type === 'lead.won' || event.type === 'lead.lost') && shared ? [{ ...event, id: shared }] : [event];
    },
  },
  {
    name: 'contact-updated-once-per-patch',
    area: 'events',
    proves: ['events.contact-updated-per-field'],
    description:
      'A contact PATCH that changes several fields sends one contact.updated (for the first field) instead of one per changed field.',
    wrap: markingContactPatches,
    alterEvent: dropping((event, { state }) => {
      const patches = contactPatches(state);
      if (event.type !== 'contact.updated' || patches.running === 0) return false;
      const contactId = objectOf(event).id;
      if (!patches.announced.has(contactId)) {
        patches.announced.add(contactId);
        return false;
      }
      return true;
    }),
  },
  {
    name: 'form-contacts-not-announced',
    area: 'events',
    proves: ['events.form-new-contact'],
    description:
      'A contact made by a form submission sends no contact.created: the form path writes the contact without the event the contacts route sends.',
    wrap: unchanged,
    alterEvent: dropping((event) => event.type === 'contact.created' && event.actor.type === 'system'),
  },
  {
    name: 'channel-reports-not-announced',
    area: 'events',
    proves: ['events.message-sent', 'events.message-delivered', 'events.message-read', 'events.message-failed'],
    description:
      'The status changes a channel reports (sent, delivered, read, failed) update the message but send no message.<status> event; only message.queued goes out.',
    wrap: unchanged,
    alterEvent: dropping((event) => CHANNEL_REPORTS.has(event.type)),
  },
  {
    name: 'snooze-not-announced',
    area: 'events',
    proves: ['events.conversation-snoozed'],
    description:
      'Snoozing a conversation changes its status to snoozed without conversation.status_changed (only resolve and reopen send it).',
    wrap: unchanged,
    alterEvent: dropping((event) => event.type === 'conversation.status_changed' && objectOf(event).status === 'snoozed'),
  },
  {
    name: 'product-archive-not-announced',
    area: 'events',
    proves: ['events.product-archived'],
    description: 'Archiving a product sends no product.archived: the archive is a plain update.',
    wrap: unchanged,
    alterEvent: dropping((event) => event.type === 'product.archived'),
  },
  {
    name: 'webhook-disabled-not-announced',
    area: 'events',
    proves: ['events.webhook-disabled', 'events.webhook-disabled-whatever-subscribed'],
    description: "A webhook the service disables sends no webhook.disabled to the workspace's other webhooks.",
    wrap: unchanged,
    alterEvent: dropping((event) => event.type === 'webhook.disabled'),
  },
  {
    name: 'large-events-sent-whole',
    area: 'events',
    proves: ['events.truncated-over-256kb'],
    description:
      'An event over 256 KB is sent whole, the record as it is now in data.object, instead of cut to id, object and truncated: true.',
    wrap: unchanged,
    alterEvent: (event, { workspace }) => {
      const object = objectOf(event);
      if (object.truncated !== true) return [event];
      const table = (workspace.tables as unknown as Record<string, { get(id: string): object | undefined } | undefined>)[
        `${object.object}s`
      ];
      const record = table?.get(object.id);
      return record ? [{ ...event, data: { object: { ...record, id: object.id, object: object.object } } }] : [event];
    },
  },
  {
    name: 'theft-uninstall-not-announced',
    area: 'events',
    proves: ['events.lifecycle-uninstalled-on-reuse'],
    description:
      "An app removed because a used refresh token came back is uninstalled without app.uninstalled; only an admin's uninstall sends it.",
    wrap: unchanged,
    alterLifecycleAttempt: (attempt, { workspace, event }) => {
      if (event.type !== 'app.uninstalled') return attempt;
      const installation = workspace.tables.installations.get(event.data.installation_id);
      return installation?.uninstall_reason === 'refresh_token_reused' ? null : attempt;
    },
  },
  {
    name: 'lifecycle-scopes-as-text',
    area: 'events',
    proves: ['events.lifecycle-scopes'],
    description: "Lifecycle events carry `data.scopes` as the space-separated text of the token answer's `scope`, not as a list.",
    wrap: unchanged,
    alterLifecycleAttempt: (attempt) => {
      const body = JSON.parse(attempt.body);
      return { ...attempt, body: JSON.stringify({ ...body, data: { ...body.data, scopes: (body.data?.scopes ?? []).join(' ') } }) };
    },
  },
  {
    name: 'lifecycle-signed-once',
    area: 'events',
    proves: ['events.lifecycle-retry-signed-afresh'],
    description:
      "A lifecycle event is signed once, when it is queued: every retry carries the first attempt's timestamp and signature, which a receiver rejects once 5 minutes have passed.",
    wrap: unchanged,
    alterLifecycleAttempt: (attempt, { state }) => {
      const key = attempt.headers['Svc-Delivery']!;
      const first = firstSignings(state).get(key);
      if (first === undefined) {
        firstSignings(state).set(key, attempt.timestampSeconds);
        return attempt;
      }
      attempt.headers['Svc-Timestamp'] = String(first);
      return { ...attempt, timestampSeconds: first };
    },
  },
  {
    name: 'lifecycle-delivery-id-per-attempt',
    area: 'events',
    proves: ['events.lifecycle-same-delivery-id'],
    description: 'Each attempt of a lifecycle event carries a new Svc-Delivery id, so an app cannot tell a retry from a new delivery.',
    wrap: unchanged,
    alterLifecycleAttempt: (attempt, { workspace, attempts }) => {
      if (attempts > 0) attempt.headers['Svc-Delivery'] = workspace.newId('delivery');
      return attempt;
    },
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'event-time-without-offset',
    area: 'events',
    proves: ['events.envelope-occurred-at'],
    description:
      'Events carry occurred_at as local time without an offset (the Z dropped), where a time carries its offset (spec 2.1, 6.1).',
    wrap: unchanged,
    alterEvent: (event) => [{ ...event, occurred_at: String(event.occurred_at).replace(/(Z|[+-]\d\d:\d\d)$/, '') }],
  },
  // Found by the fourth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'api-key-actor-as-member',
    area: 'events',
    proves: ['events.actor-api-key'],
    description: "An event caused by an API key names actor type member (the credential kind is not passed down), with the key's id.",
    wrap: unchanged,
    alterEvent: (event) => [event.actor.type === 'api_key' ? { ...event, actor: { ...event.actor, type: 'member' } } : event],
  },
  {
    name: 'won-without-stage-changed',
    area: 'events',
    proves: ['events.lead-stage-changed-on-close'],
    description:
      'A move into a won or lost stage sends lead.won or lead.lost instead of lead.stage_changed (an if/else), where it sends both.',
    wrap: unchanged,
    alterEvent: (event) => {
      const toType = objectOf(event).to_type;
      return event.type === 'lead.stage_changed' && (toType === 'won' || toType === 'lost') ? [] : [event];
    },
  },
  // Found by the fourth blind hunt: the event as each webhook attempt carries it (alterAttempt, reached through the queue's seams: fault-seam.ts).
  {
    name: 'event-header-is-pattern',
    area: 'events',
    proves: ['events.envelope-type'],
    description: 'Svc-Event carries the subscription pattern the event matched (`lead.*`, `*`) instead of the event type.',
    wrap: unchanged,
    alterAttempt(attempt, info) {
      const type = attempt.headers['Svc-Event'] ?? '';
      const pattern = info.webhook.events.find((each) => subscribesTo([each], type));
      if (pattern) attempt.headers['Svc-Event'] = pattern;
      return attempt;
    },
  },
  {
    name: 'event-api-version-missing',
    area: 'events',
    proves: ['events.envelope-api-version'],
    description: 'The event body sent to webhooks has no api_version (the serializer drops fields the envelope class lacks).',
    wrap: unchanged,
    alterAttempt: (attempt) => withAttemptBody(attempt, ({ api_version: _dropped, ...event }) => event),
  },
  {
    name: 'data-object-without-object-name',
    area: 'events',
    proves: ['events.data-object-id-and-object', 'events.webhook-disabled'],
    description:
      "data.object carries the record's id but not its `object` type name (the summary serializer lists the event's own fields only).",
    wrap: unchanged,
    alterAttempt: (attempt) =>
      withAttemptBody(attempt, (event) => {
        const { object: _dropped, ...rest } = event.data?.object ?? {};
        return event.data?.object ? { ...event, data: { ...event.data, object: rest } } : event;
      }),
  },
  {
    name: 'truncated-flag-dropped',
    area: 'events',
    proves: ['events.truncated-over-256kb'],
    description:
      'An event over 256 KB is cut to id and object, but without `truncated: true`, so a receiver cannot tell it from a whole summary.',
    wrap: unchanged,
    alterAttempt: (attempt) =>
      withAttemptBody(attempt, (event) => {
        if (event.data?.object?.truncated !== true) return event;
        const { truncated: _dropped, ...rest } = event.data.object;
        return { ...event, data: { ...event.data, object: rest } };
      }),
  },
  // Found by the sixth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'unassign-not-announced',
    area: 'events',
    proves: ['events.conversation-unassigned'],
    description:
      "Clearing a conversation's assignee (assign with assignee_id null) sends no conversation.assigned: only an assignment to a member is announced (spec 3, 6.4: assign sets or clears, event conversation.assigned).",
    wrap: unchanged,
    alterEvent: dropping((event) => event.type === 'conversation.assigned' && objectOf(event).assignee_id === null),
  },
  {
    name: 'message-queued-not-announced',
    area: 'events',
    proves: ['events.message-queued'],
    description:
      'Sending a message sends no message.queued: the first event a receiver hears of it is message.sent, when the channel reports (spec 3, 6.4).',
    wrap: unchanged,
    alterEvent: dropping((event) => event.type === 'message.queued'),
  },
  {
    name: 'task-completed-not-announced',
    area: 'events',
    proves: ['events.task-completed'],
    description:
      'Completing a task marks it done without task.completed (the route updates the status field like a PATCH) (spec 3, 4.10, 6.4).',
    wrap: unchanged,
    alterEvent: dropping((event) => event.type === 'task.completed'),
  },
  {
    name: 'lead-inline-contact-not-announced',
    area: 'events',
    proves: ['events.contact-created'],
    description:
      'A contact created together with a lead (the `contact` object of lead create) sends no contact.created: the lead path inserts the contact without the event the contacts route sends (spec 6.4: contact.created when a contact is created).',
    // A raw wrap, not the handler seam: the events are heard of once the request's transaction commits.
    wrap: (next, state) =>
      onOperation('createLead', async (inner, request, info) => {
        const sent = await sentJson(request);
        const workspace = sent?.contact && typeof sent.contact === 'object' ? callerWorkspace(state, request) : undefined;
        if (!workspace) return inner(request, info);
        const running = leadCreatesRunning(state);
        running.set(workspace, (running.get(workspace) ?? 0) + 1);
        try {
          return await inner(request, info);
        } finally {
          running.set(workspace, (running.get(workspace) ?? 1) - 1);
        }
      })(next, state),
    alterEvent: dropping(
      (event, { state, workspace }) => event.type === 'contact.created' && (leadCreatesRunning(state).get(workspace) ?? 0) > 0,
    ),
  },
  {
    name: 'contact-updated-per-field-sent',
    area: 'events',
    proves: ['events.contact-updated-unchanged-field'],
    description:
      'A contact PATCH sends contact.updated for every field in the body, also those whose value did not change (the same name, a phone re-sent in another spelling), instead of one per changed field (spec 4.3, 6.4).',
    // The handler's own extra events, emitted inside the request's transaction after its own.
    operations: ['updateContact'],
    aroundHandler: async (next, context) => {
      const caller = callerOf(context);
      const before = contactNamed(context);
      const result = await next();
      const sent = context.input.body as Record<string, unknown> | undefined;
      if (!before || caller.kind !== 'api_key' || !sent || typeof sent !== 'object') return result;
      const workspace = caller.workspace;
      const after = workspace.tables.contacts.get(before.id)!;
      const sentFields = ['name', 'phones', 'emails', 'company_id', 'preferred_language', 'owner_id', 'tags'].filter(
        (field) => field in sent || (field === 'phones' && 'phone' in sent) || (field === 'emails' && 'email' in sent),
      );
      const unchanged = sentFields.filter((field) => sameValue((before as any)[field], (after as any)[field]));
      const actor = { type: 'api_key' as const, id: caller.apiKey.id };
      for (const field of unchanged) {
        const value = (after as any)[field] === '' ? null : (after as any)[field];
        await emit(workspace, actor, 'contact.updated', {
          id: after.id,
          object: 'contact',
          field,
          from: value,
          to: value,
          owner_id: after.owner_id,
        } as never);
      }
      return result;
    },
  },
  // Found by the tenth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'lifecycle-installation-id-long-prefix',
    area: 'events',
    proves: ['events.lifecycle-installation-id-short-prefix'],
    description:
      "Lifecycle events carry data.installation_id with the token answer's inst_ prefix, where responses and events use the short form ins_ (spec 2.2, 6.5).",
    wrap: unchanged,
    alterLifecycleAttempt: (attempt) => {
      const body = JSON.parse(attempt.body);
      const id = body.data?.installation_id;
      if (typeof id !== 'string' || !id.startsWith('ins_')) return attempt;
      return { ...attempt, body: JSON.stringify({ ...body, data: { ...body.data, installation_id: `inst_${id.slice('ins_'.length)}` } }) };
    },
  },
];
