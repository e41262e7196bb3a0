// The one place events are built (src/events/build-event.ts): the envelope of each family from
// the workspace's id maker and clock, the data typed by the document's `webhooks` (a wrong field
// does not compile), and one check against the document's schema of the event at run time.
import { describe, expect, it } from 'vitest';
import { buildEnvelopeEvent, buildLifecycleEvent } from '../../src/events/build-event.ts';
import { SYSTEM_ACTOR } from '../../src/events/event-record.ts';
import type { EventObjectOf } from '../../src/events/event-types.ts';
import { createMock } from '../../src/mock.ts';
import { call } from '../support/mock-client.ts';

async function world() {
  const mock = createMock();
  const created = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  await call(mock, 'POST', `/_mock/workspaces/${created.workspace.id}/clock`, { body: { freeze: true, set: '2026-11-20T08:00:00.000Z' } });
  return { workspace: mock.state.workspaces.get(created.workspace.id)! };
}

const stageChange: EventObjectOf<'lead.stage_changed'> = {
  id: 'ld_01hv6d4s7r3k2m8x5c9bqwe001',
  object: 'lead',
  from: 'st_01hv6d4s7r3k2m8x5c9bqwe006',
  to: 'st_01hv6d4s7r3k2m8x5c9bqwe106',
  pipeline_id: 'pl_01hv6d4s7r3k2m8x5c9bqwe005',
  from_type: 'open',
  to_type: 'won',
};

describe('building an event', () => {
  it('an envelope event: id from the workspace, time from its clock, the actor, the object', async () => {
    const { workspace } = await world();
    const event = buildEnvelopeEvent(workspace, SYSTEM_ACTOR, 'lead.stage_changed', stageChange);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-z]{26}$/),
      object: 'event',
      type: 'lead.stage_changed',
      api_version: workspace.outbox.apiVersion,
      occurred_at: '2026-11-20T08:00:00.000Z',
      workspace_id: workspace.id,
      actor: SYSTEM_ACTOR,
      data: { object: stageChange },
    });
  });

  it('data the document refuses for that type throws (a bug of the mock, never sent)', async () => {
    const { workspace } = await world();
    const { to: _to, ...withoutTo } = stageChange;
    // @ts-expect-error: `to` is required by the document's LeadStageChangedEventObject
    expect(() => buildEnvelopeEvent(workspace, SYSTEM_ACTOR, 'lead.stage_changed', withoutTo)).toThrow(
      /lead.stage_changed breaks the document/,
    );
    // @ts-expect-error: lead.created carries a lead, not a contact
    const contact: EventObjectOf<'lead.created'> = { id: 'ct_01hv6d4s7r3k2m8x5c9bqwe001', object: 'contact' };
    expect(contact.object).toBe('contact');
  });

  it('an object over 256 KB is cut to id, object and truncated: true (spec 6.1)', async () => {
    const { workspace } = await world();
    const note: EventObjectOf<'note.created'> = {
      id: 'nt_01hv6d4s7r3k2m8x5c9bqwe001',
      object: 'note',
      entity_type: 'lead',
      entity_id: stageChange.id,
      text: 'x'.repeat(300 * 1024),
      mentions: [],
    };
    const event = buildEnvelopeEvent(workspace, SYSTEM_ACTOR, 'note.created', note);
    expect(event.data.object).toEqual({ id: note.id, object: 'note', truncated: true });
  });

  it('an app lifecycle event: `created_at`, the workspace id, the scopes copied', async () => {
    const { workspace } = await world();
    const scopes = ['leads:read'];
    const event = buildLifecycleEvent(workspace, 'app.installed', {
      app_id: 'app_01hv6d4s7r3k2m8x5c9bqwe019',
      installation_id: 'ins_01hv6d4s7r3k2m8x5c9bqwe019',
      scopes,
    });
    scopes.push('contacts:read');
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-z]{26}$/),
      type: 'app.installed',
      created_at: '2026-11-20T08:00:00.000Z',
      data: {
        app_id: 'app_01hv6d4s7r3k2m8x5c9bqwe019',
        workspace_id: workspace.id,
        installation_id: 'ins_01hv6d4s7r3k2m8x5c9bqwe019',
        scopes: ['leads:read'],
      },
    });
  });
});
