// Mutants of the events rules (spec 6.1 the envelope, 6.4 the event types, 6.5 app lifecycle
// events), issue 23 item 2: each breaks the rules it names the way another team's implementation
// might, and a check of the events family must fail them. They act through the delivery queue's
// seams (fault-seam.ts): `alterEvent` changes or drops the events the webhooks hear of (the
// changed ones stay valid envelopes: the outbox's table checks them), `alterAttempt` the event as
// an attempt carries it (signed over the changed body), `alterLifecycleAttempt` an app's lifecycle
// attempt. No node: imports: the mock's core, which loads this, also runs in a browser.
import type { EventEnvelope } from '../../events/event-record.ts';
import type { UnsignedAttempt } from '../../resources/webhooks/webhook-sender.ts';
import { withAttemptBody } from '../fault.ts';
import type { EventFault } from '../fault-seam.ts';
import { faultMemory } from '../fault-memory.ts';
import { ApiError } from '../../errors/api-error.ts';
import { oauthError } from '../../oauth/oauth-error.ts';

const objectOf = (event: EventEnvelope) => event.data.object as Record<string, unknown> & { id: string; object: string };

/** Drops the events `dropped` accepts, and sends the others as they are. */
const dropping = (dropped: (event: EventEnvelope) => boolean) => (event: EventEnvelope) => (dropped(event) ? [] : [event]);

/** The older long prefixes of spec 2.2, by short prefix: what a summary serializer of the old ids writes. */
const LONG_PREFIXES: Record<string, string> = {
  ld: 'lead',
  ct: 'contact',
  co: 'company',
  tk: 'task',
  nt: 'note',
  pr: 'product',
  cv: 'conv',
  wh: 'hook',
};

/** An id in its older long-prefix form (spec 2.2), or as it is when it has none. */
function longForm(id: unknown): unknown {
  if (typeof id !== 'string') return id;
  const [prefix, rest] = [id.slice(0, id.indexOf('_')), id.slice(id.indexOf('_') + 1)];
  return LONG_PREFIXES[prefix] ? `${LONG_PREFIXES[prefix]}_${rest}` : id;
}

/** An app lifecycle attempt's body changed by `alter`, its Svc-Event header kept in step with the body's type. */
function withLifecycleBody(attempt: UnsignedAttempt, alter: (body: any) => any): UnsignedAttempt {
  return { ...attempt, body: JSON.stringify(alter(JSON.parse(attempt.body))) };
}

/** The lifecycle event an attempt carries (its type and data), read from the attempt's body. */
const lifecycleOf = (attempt: UnsignedAttempt) => JSON.parse(attempt.body) as { id: string; type: string; data: Record<string, any> };

const ENVELOPE: EventFault[] = [
  {
    name: 'event-ids-uppercase',
    area: 'events',
    proves: ['events.envelope-id'],
    description:
      'Event ids are written as a ULID library prints them, evt_ and 26 uppercase letters and digits, where ids are lowercase (spec 2.1, 6.1); Svc-Event-Id carries the same.',
    alterAttempt: (attempt) => {
      const upper = (id: string) => `evt_${id.slice('evt_'.length).toUpperCase()}`;
      const eventId = attempt.headers['Svc-Event-Id'];
      if (eventId) attempt.headers['Svc-Event-Id'] = upper(eventId);
      return withAttemptBody(attempt, (event) => ({ ...event, id: upper(String(event.id)) }));
    },
  },
  {
    name: 'event-object-is-record-type',
    area: 'events',
    proves: ['events.envelope-object'],
    description:
      "The envelope's `object` names the record the event is about (`lead`, `contact`), copied from data.object, instead of `event` (spec 6.1).",
    alterAttempt: (attempt) => withAttemptBody(attempt, (event) => ({ ...event, object: event.data?.object?.object ?? event.object })),
  },
  {
    name: 'event-workspace-id-missing',
    area: 'events',
    proves: ['events.envelope-workspace-id'],
    description:
      'The envelope carries no workspace_id: the serializer takes the workspace as implied by the webhook the event goes to (spec 6.1 lists it).',
    alterAttempt: (attempt) => withAttemptBody(attempt, ({ workspace_id: _dropped, ...event }) => event),
  },
  {
    name: 'actor-type-credential-kind',
    area: 'events',
    proves: ['events.actor-shape', 'events.actor-api-key'],
    description:
      "An event caused by an API key names actor type `key`, the credential table's own kind name, instead of `api_key` (spec 6.1: member, api_key, automation or system).",
    alterEvent: (event) => [
      event.actor.type === 'api_key' ? ({ ...event, actor: { ...event.actor, type: 'key' } } as unknown as EventEnvelope) : event,
    ],
  },
  {
    name: 'event-object-id-long-prefix',
    area: 'events',
    proves: ['events.data-object-is-the-record'],
    description:
      "data.object.id is written in the record's older long-prefix form (lead_, contact_, note_...), where responses and events use the short form (spec 2.2, 6.1).",
    alterAttempt: (attempt) =>
      withAttemptBody(attempt, (event) =>
        event.data?.object
          ? { ...event, data: { ...event.data, object: { ...event.data.object, id: longForm(event.data.object.id) } } }
          : event,
      ),
  },
  {
    name: 'note-event-entity-by-number',
    area: 'events',
    proves: ['events.data-object-references-by-id'],
    description:
      'note.created names the record the note is on by its number (as the timeline shows #N) in entity_id, where events reference records by id, never by number (spec 6.1).',
    alterAttempt: (attempt, { workspace }) =>
      withAttemptBody(attempt, (event) => {
        const object = event.data?.object;
        if (event.type !== 'note.created' || object?.entity_type !== 'contact') return event;
        const number = workspace.tables.contacts.get(object.entity_id)?.number;
        return number === undefined ? event : { ...event, data: { ...event.data, object: { ...object, entity_id: number } } };
      }),
  },
];

const STAGE_MOVE_EVENTS: readonly string[] = ['lead.stage_changed', 'lead.won', 'lead.lost'];
const STAGE_TYPE_LABELS: Record<string, string> = { open: 'Open', won: 'Won', lost: 'Lost' };

const LEADS: EventFault[] = [
  {
    name: 'stage-changed-without-pipeline-id',
    area: 'events',
    proves: ['events.stage-changed-pipeline-id'],
    description:
      'lead.stage_changed leaves out pipeline_id when the lead stays in its pipeline (the diff of the lead carries changed fields only), where the event names the pipeline (spec 6.1).',
    alterAttempt: (attempt) =>
      withAttemptBody(attempt, (event) => {
        if (event.type !== 'lead.stage_changed') return event;
        const { pipeline_id: _dropped, ...object } = event.data.object;
        return { ...event, data: { ...event.data, object } };
      }),
  },
  {
    name: 'stage-change-from-to-swapped',
    area: 'events',
    proves: ['events.stage-changed-from', 'events.stage-changed-to'],
    description:
      'lead.stage_changed is built with its arguments in the wrong order: `from` names the stage the lead entered and `to` the one it left (spec 6.1).',
    alterAttempt: (attempt) =>
      withAttemptBody(attempt, (event) => {
        if (event.type !== 'lead.stage_changed') return event;
        const object = event.data.object;
        return { ...event, data: { ...event.data, object: { ...object, from: object.to, to: object.from } } };
      }),
  },
  {
    name: 'stage-types-as-labels',
    area: 'events',
    proves: ['events.stage-changed-from-type', 'events.stage-changed-to-type'],
    description:
      "lead.stage_changed carries from_type and to_type as the stage type's display label (Open, Won, Lost) instead of the type (open, won, lost; spec 6.1).",
    alterAttempt: (attempt) =>
      withAttemptBody(attempt, (event) => {
        if (event.type !== 'lead.stage_changed') return event;
        const object = event.data.object;
        return {
          ...event,
          data: {
            ...event.data,
            object: {
              ...object,
              from_type: STAGE_TYPE_LABELS[object.from_type] ?? object.from_type,
              to_type: STAGE_TYPE_LABELS[object.to_type] ?? object.to_type,
            },
          },
        };
      }),
  },
  {
    name: 'stage-move-times-local-offset',
    area: 'events',
    proves: ['events.occurred-at-order'],
    description:
      "The stage-move path writes occurred_at as the UTC clock reading followed by the workspace's offset (+05:00, Tashkent), so a lead's stage_changed, won and lost events read five hours earlier than the lead.created before them (spec 2.1, 6.3: use occurred_at).",
    alterAttempt: (attempt) =>
      withAttemptBody(attempt, (event) =>
        STAGE_MOVE_EVENTS.includes(event.type) ? { ...event, occurred_at: String(event.occurred_at).replace(/Z$/, '+05:00') } : event,
      ),
  },
  {
    name: 'api-lead-created-not-announced',
    area: 'events',
    proves: ['events.lead-created'],
    description:
      'A lead created through the API sends no lead.created: only the form path emits it (spec 6.4: lead.created whenever a lead is created).',
    alterEvent: dropping((event) => event.type === 'lead.created' && event.actor.type === 'api_key'),
  },
  {
    name: 'open-stage-moves-not-announced',
    area: 'events',
    proves: ['events.lead-stage-changed'],
    description:
      'A move between two open stages sends no lead.stage_changed: the event is sent from the closing path only (spec 6.4: whenever a lead moved to another stage).',
    alterEvent: dropping((event) => event.type === 'lead.stage_changed' && objectOf(event).to_type === 'open'),
  },
  {
    name: 'won-only-from-close-route',
    area: 'events',
    proves: ['events.lead-won'],
    description:
      'A lead moved into a won stage by a stage change sends lead.stage_changed but no lead.won: the won event is left to a separate closing path (spec 3, 6.4).',
    alterEvent: dropping((event) => event.type === 'lead.won'),
  },
  {
    name: 'lost-announced-as-won',
    area: 'events',
    proves: ['events.lead-lost'],
    description:
      'A move into a lost stage sends lead.won: the emitter tests "is the stage closed" instead of its type (spec 6.4: lead.won or lead.lost by the stage).',
    alterEvent: (event) => [event.type === 'lead.lost' ? { ...event, type: 'lead.won' } : event],
  },
];

const RECORDS: EventFault[] = [
  {
    name: 'contact-notes-not-announced',
    area: 'events',
    proves: ['events.note-created'],
    description: 'A note added to a contact sends no note.created: only notes on leads emit it (spec 6.4: note added).',
    alterEvent: dropping((event) => event.type === 'note.created' && objectOf(event).entity_type === 'contact'),
  },
  {
    name: 'product-created-not-announced',
    area: 'events',
    proves: ['events.product-created'],
    description:
      'Creating a product sends no product.created: the route shares the catalog import, which writes products without events (spec 6.4).',
    alterEvent: dropping((event) => event.type === 'product.created'),
  },
  {
    name: 'api-task-created-not-announced',
    area: 'events',
    proves: ['events.task-created'],
    description:
      "A task created with an API key sends no task.created: the event is emitted by the web app's task form only (spec 6.4: task created).",
    alterEvent: dropping((event) => event.type === 'task.created' && event.actor.type === 'api_key'),
  },
];

const CONVERSATIONS: EventFault[] = [
  {
    name: 'message-edits-not-announced',
    area: 'events',
    proves: ['events.message-edited'],
    description: 'An edit in the messenger updates the message text but sends no message.edited (spec 6.4).',
    alterEvent: dropping((event) => event.type === 'message.edited'),
  },
  {
    name: 'message-deletes-not-announced',
    area: 'events',
    proves: ['events.message-deleted'],
    description: 'A message deleted in the messenger is marked deleted without message.deleted (spec 6.4).',
    alterEvent: dropping((event) => event.type === 'message.deleted'),
  },
  {
    name: 'first-assignment-not-announced',
    area: 'events',
    proves: ['events.conversation-assigned'],
    description:
      'conversation.assigned is sent from a diff of the assignee that counts null to a member as the initial value, so the first assignment of a conversation is not announced (spec 6.4: assign).',
    alterEvent: (event, { state }) => {
      if (event.type !== 'conversation.assigned') return [event];
      const announced = faultMemory(state, 'first-assignment-not-announced', () => new Set<string>());
      const conversation = objectOf(event).id;
      if (announced.has(conversation)) return [event];
      announced.add(conversation);
      return [];
    },
  },
  {
    name: 'resolve-not-announced',
    area: 'events',
    proves: ['events.conversation-resolved'],
    description:
      'Resolving a conversation sends no conversation.status_changed: resolve closes it through the archive path, which emits nothing (spec 6.4: resolve, reopen, snooze).',
    alterEvent: dropping((event) => event.type === 'conversation.status_changed' && objectOf(event).status === 'resolved'),
  },
  {
    name: 'reopen-not-announced',
    area: 'events',
    proves: ['events.conversation-reopened'],
    description:
      'Reopening a conversation sends no conversation.status_changed: only the moves away from open are announced (spec 6.4: resolve, reopen, snooze).',
    alterEvent: dropping((event) => event.type === 'conversation.status_changed' && objectOf(event).status === 'open'),
  },
];

const FORMS_AND_PATTERNS: EventFault[] = [
  {
    name: 'form-submitted-only-for-new-leads',
    area: 'events',
    proves: ['events.form-submitted'],
    description:
      "form.submitted is sent with the new client's records only: a known client's further submissions, whose contact is reused, send none (spec 6.4: every form submission).",
    alterEvent: (event, { state }) => {
      if (event.type !== 'form.submitted') return [event];
      const seen = faultMemory(state, 'form-submitted-only-for-new-leads', () => new Set<string>());
      const contact = String(objectOf(event).contact_id);
      if (seen.has(contact)) return [];
      seen.add(contact);
      return [event];
    },
  },
  {
    name: 'form-lead-not-announced',
    area: 'events',
    proves: ['events.form-new-lead'],
    description:
      'A lead made by a form submission sends no lead.created: the form path inserts the lead without the event the leads route sends (spec 6.4: plus lead.created when records are new).',
    alterEvent: dropping((event) => event.type === 'lead.created' && event.actor.type === 'system'),
  },
  {
    name: 'invoice-pattern-refused',
    area: 'events',
    proves: ['events.invoice-pattern'],
    description:
      'A webhook subscribing to invoice.* is refused 422: the pattern check knows only the groups of event types the service emits today, and no invoice event is emitted (spec 6.4: invoice.* is a group pattern).',
    operations: ['createWebhook', 'updateWebhook'],
    alterInput: (input) => {
      const events = (input.body as { events?: unknown } | undefined)?.events;
      if (Array.isArray(events) && events.includes('invoice.*'))
        throw new ApiError('validation_failed', { fields: { events: 'invoice.* names no event type' } });
      return input;
    },
  },
];

/** Drops the lifecycle attempts of one event type: the attempt counts as answered and nothing is sent. */
const droppingLifecycle = (type: string) => (attempt: UnsignedAttempt) => (lifecycleOf(attempt).type === type ? null : attempt);

const LIFECYCLE: EventFault[] = [
  {
    name: 'lifecycle-to-redirect-uri',
    area: 'events',
    proves: ['events.lifecycle-to-app-url'],
    description:
      "Lifecycle events are posted to the app's OAuth redirect URI, the one URL the sender finds on the app, instead of its webhook URL (spec 6.5).",
    alterLifecycleAttempt: (attempt, { workspace }) => {
      const app = workspace.tables.apps.get(lifecycleOf(attempt).data.app_id);
      return app ? { ...attempt, url: app.redirect_uri } : attempt;
    },
  },
  {
    name: 'lifecycle-id-is-installation-id',
    area: 'events',
    proves: ['events.lifecycle-body-id'],
    description:
      "A lifecycle event's body `id` is the installation's id, so every event of one installation has the same id (spec 6.5: the event's own id).",
    alterLifecycleAttempt: (attempt) => withLifecycleBody(attempt, (body) => ({ ...body, id: body.data?.installation_id ?? body.id })),
  },
  {
    name: 'lifecycle-type-without-app-prefix',
    area: 'events',
    proves: ['events.lifecycle-body-type'],
    description:
      "A lifecycle event's body names its type without the app. group (`installed`), while Svc-Event carries app.installed (spec 6.5).",
    alterLifecycleAttempt: (attempt) => withLifecycleBody(attempt, (body) => ({ ...body, type: String(body.type).replace('app.', '') })),
  },
  {
    name: 'lifecycle-created-at-unix-seconds',
    area: 'events',
    proves: ['events.lifecycle-body-created-at'],
    description: "A lifecycle event's created_at is Unix seconds, like Svc-Timestamp, instead of a time (spec 2.1, 6.5).",
    alterLifecycleAttempt: (attempt) =>
      withLifecycleBody(attempt, (body) => ({ ...body, created_at: Math.floor(Date.parse(body.created_at) / 1000) })),
  },
  {
    name: 'lifecycle-app-id-missing',
    area: 'events',
    proves: ['events.lifecycle-app-id'],
    description:
      "A lifecycle event's data leaves out app_id: the sender takes the app as known from the URL it posts to (spec 6.5 lists it).",
    alterLifecycleAttempt: (attempt) =>
      withLifecycleBody(attempt, (body) => {
        const { app_id: _dropped, ...data } = body.data ?? {};
        return { ...body, data };
      }),
  },
  {
    name: 'lifecycle-workspace-id-missing',
    area: 'events',
    proves: ['events.lifecycle-workspace-id'],
    description:
      "A lifecycle event's data leaves out workspace_id, so the app cannot tell which workspace installed it without a token call (spec 6.5 lists it).",
    alterLifecycleAttempt: (attempt) =>
      withLifecycleBody(attempt, (body) => {
        const { workspace_id: _dropped, ...data } = body.data ?? {};
        return { ...body, data };
      }),
  },
  {
    name: 'lifecycle-installation-id-is-app-id',
    area: 'events',
    proves: ['events.lifecycle-installation-id'],
    description:
      "A lifecycle event's data.installation_id carries the app's id (the two ids of the installation row mixed up), not the installation the token answer named (spec 6.5).",
    alterLifecycleAttempt: (attempt) =>
      withLifecycleBody(attempt, (body) => ({ ...body, data: { ...body.data, installation_id: body.data?.app_id } })),
  },
  {
    name: 'lifecycle-timestamp-in-signature-only',
    area: 'events',
    proves: ['events.lifecycle-headers'],
    description:
      'Lifecycle attempts carry the signing time only inside Svc-Signature (t=...), without the Svc-Timestamp header webhooks carry (spec 6.2, 6.5).',
    alterLifecycleAttempt: (attempt) => {
      delete attempt.headers['Svc-Timestamp'];
      return attempt;
    },
  },
  {
    name: 'lifecycle-signed-with-client-id',
    area: 'events',
    proves: ['events.lifecycle-signed-with-client-secret'],
    description:
      "Lifecycle events are signed with the app's client id, the one app credential the queue keeps, instead of its client secret (spec 6.2).",
    alterLifecycleAttempt: (attempt) => ({ ...attempt, secret: String(lifecycleOf(attempt).data.app_id) }),
  },
  {
    name: 'lifecycle-timestamp-in-milliseconds',
    area: 'events',
    proves: ['events.lifecycle-timestamp'],
    description:
      "A lifecycle attempt's Svc-Timestamp is in milliseconds while the signature's t is in seconds (spec 6.1: Unix seconds, the signature's t).",
    alterLifecycleAttempt: (attempt) => {
      attempt.headers['Svc-Timestamp'] = String(attempt.timestampSeconds * 1000);
      return attempt;
    },
  },
  {
    name: 'first-install-not-announced',
    area: 'events',
    proves: ['events.lifecycle-installed'],
    description:
      'A workspace installing the app sends no app.installed: the sender announces changes to an installation, not its creation (spec 6.5).',
    alterLifecycleAttempt: droppingLifecycle('app.installed'),
  },
  {
    name: 'scope-change-announced-as-install',
    area: 'events',
    proves: ['events.lifecycle-scopes-changed'],
    description:
      'Approving the app again with other scopes sends app.installed again (the consent path upserts the installation and always emits installed) instead of app.scopes_changed (spec 6.5).',
    alterLifecycleAttempt: (attempt) => {
      if (lifecycleOf(attempt).type !== 'app.scopes_changed') return attempt;
      attempt.headers['Svc-Event'] = 'app.installed';
      return withLifecycleBody(attempt, (body) => ({ ...body, type: 'app.installed' }));
    },
  },
  {
    name: 'settings-change-not-announced',
    area: 'events',
    proves: ['events.lifecycle-settings-updated'],
    description: "An admin changing the app's settings saves them without app.settings_updated (spec 6.5).",
    alterLifecycleAttempt: droppingLifecycle('app.settings_updated'),
  },
  {
    name: 'admin-uninstall-not-announced',
    area: 'events',
    proves: ['events.lifecycle-uninstalled'],
    description:
      "An admin's uninstall deletes the installation before the event is queued, so no app.uninstalled is sent; only the removal after a reused refresh token sends it (spec 6.5).",
    alterLifecycleAttempt: (attempt, { workspace }) => {
      const { type, data } = lifecycleOf(attempt);
      if (type !== 'app.uninstalled') return attempt;
      return workspace.tables.installations.get(data.installation_id)?.uninstall_reason === 'refresh_token_reused' ? attempt : null;
    },
  },
  {
    name: 'lifecycle-not-retried',
    area: 'events',
    proves: ['events.lifecycle-retried'],
    description:
      'Lifecycle events are sent once, fire and forget: a failed attempt is not retried (spec 6.5: the same retry schedule as webhooks).',
    alterLifecycleAttempt: (attempt, { attempts }) => (attempts > 0 ? null : attempt),
  },
  {
    name: 'lifecycle-retries-never-end',
    area: 'events',
    proves: ['events.lifecycle-retries-end'],
    description:
      "The lifecycle queue's schedule has no end: after the 6-hour steps it goes on retrying every 6 hours, past the 24 hours after the event (spec 6.5: the same schedule, up to 24 hours).",
    alterLifecycleNextAttempt: (scheduled, { attemptAtMs }) => scheduled ?? attemptAtMs + SIX_HOURS_MS,
  },
  {
    name: 'failing-app-refresh-refused',
    area: 'events',
    proves: ['events.lifecycle-failures-disable-nothing'],
    description:
      "An app whose lifecycle deliveries ended failed is taken as gone: its installation's refresh tokens answer invalid_grant (spec 6.5: failures never disable anything).",
    operations: ['createToken'],
    alterInput: (input, { state }) => {
      const form = (input.body ?? {}) as Record<string, unknown>;
      if (form.grant_type !== 'refresh_token' || typeof form.refresh_token !== 'string') return input;
      for (const workspace of state.workspaces.values()) {
        const appId = workspace.tables.oauthRefreshTokens.get(form.refresh_token)?.app_id;
        const failed =
          appId !== undefined && workspace.tables.deliveries.findBy('app', appId).some((delivery) => delivery.status === 'failed');
        if (failed) throw oauthError('invalid_grant', 'The app does not answer its lifecycle events.');
      }
      return input;
    },
  },
];

const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

export const eventsMutants: EventFault[] = [...ENVELOPE, ...LEADS, ...RECORDS, ...CONVERSATIONS, ...FORMS_AND_PATTERNS, ...LIFECYCLE];
