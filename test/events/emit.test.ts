// The one way an event leaves a workspace (src/events/emit.ts): built once, then handed to the
// outbox, whose one delivery queue stores it by its type's destination: a catalog event kept in
// the events table for every subscribed webhook, `ping` as one delivery to the webhook it names,
// an app lifecycle event as one delivery to its app (spec 6.4, 4.11, 6.5).
import { describe, expect, it } from 'vitest';
import { emit } from '../../src/events/emit.ts';
import { SYSTEM_ACTOR } from '../../src/events/event-record.ts';
import type { EventObjectOf } from '../../src/events/event-types.ts';
import { createMock } from '../../src/mock.ts';
import { call } from '../support/mock-client.ts';

async function world() {
  const mock = createMock();
  const created = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  await call(mock, 'POST', `/_mock/workspaces/${created.workspace.id}/clock`, { body: { freeze: true, set: '2026-11-20T08:00:00.000Z' } });
  const workspace = mock.state.workspaces.get(created.workspace.id)!;
  return { workspace, inChange: <T>(change: () => Promise<T>) => workspace.transactions.run(change) };
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

const WEBHOOK_ID = 'wh_01hv6d4s7r3k2m8x5c9bqwe001';

describe('emitting an event', () => {
  it('a catalog event is kept in the workspace events table; without a subscribed webhook no delivery is made', async () => {
    const { workspace, inChange } = await world();
    const event = await inChange(() => emit(workspace, SYSTEM_ACTOR, 'lead.stage_changed', stageChange));
    expect(workspace.tables.events.get(event.id)).toEqual(event);
    expect(event).toMatchObject({ type: 'lead.stage_changed', occurred_at: '2026-11-20T08:00:00.000Z', data: { object: stageChange } });
    await workspace.clock.runDue();
    expect([...workspace.tables.deliveries.values()]).toEqual([]);
  });

  it('a ping is not kept among the events: it is one stored delivery to the webhook it names, left for the ping route to send', async () => {
    const { workspace, inChange } = await world();
    const event = await inChange(() => emit(workspace, SYSTEM_ACTOR, 'ping', { id: WEBHOOK_ID, object: 'webhook' }));
    expect(workspace.tables.events.get(event.id)).toBeUndefined();
    expect([...workspace.tables.deliveries.values()]).toEqual([
      expect.objectContaining({
        webhook_id: WEBHOOK_ID,
        event_id: event.id,
        event_type: 'ping',
        status: 'pending',
        attempts: 0,
        payload: event,
      }),
    ]);
  });

  it('an app lifecycle event is a stored delivery to its app when the app has a webhook URL, and nothing when it has none', async () => {
    const { workspace, inChange } = await world();
    const app = [...workspace.tables.apps.values()][0]!;
    expect(app.webhook_url).toBeNull();
    const data = { app_id: app.id, installation_id: 'ins_01hv6d4s7r3k2m8x5c9bqwe019', scopes: ['leads:read'] };
    await inChange(() => emit(workspace, SYSTEM_ACTOR, 'app.installed', data));
    expect([...workspace.tables.deliveries.values()]).toEqual([]);
    // A URL this mock refuses (no --allow-private-webhooks): the attempt is refused without any request going out.
    await inChange(() => workspace.tables.apps.update(app.id, (draft) => void (draft.webhook_url = 'http://127.0.0.1:9/hook')));
    const event = await inChange(() => emit(workspace, SYSTEM_ACTOR, 'app.installed', data));
    expect(workspace.tables.events.get(event.id)).toBeUndefined();
    await expect
      .poll(() => [...workspace.tables.deliveries.values()])
      .toEqual([
        expect.objectContaining({
          app_id: app.id,
          event_id: event.id,
          event_type: 'app.installed',
          status: 'retrying',
          attempts: 1,
          payload: event,
        }),
      ]);
    const [delivery] = [...workspace.tables.deliveries.values()];
    expect(delivery!.attempt_log).toEqual([expect.objectContaining({ error: 'url_not_allowed' })]);
    expect(delivery!.webhook_id).toBeUndefined();
  });

  it('data not of its type does not compile, and the document refuses it at run time: nothing is kept or queued', async () => {
    const { workspace, inChange } = await world();
    // @ts-expect-error: lead.stage_changed needs `to`
    await expect(inChange(() => emit(workspace, SYSTEM_ACTOR, 'lead.stage_changed', { ...stageChange, to: undefined }))).rejects.toThrow(
      /lead.stage_changed breaks the document/,
    );
    // @ts-expect-error: a lifecycle event carries app_id, installation_id and scopes, not a lead
    await expect(inChange(() => emit(workspace, SYSTEM_ACTOR, 'app.installed', stageChange))).rejects.toThrow();
    expect([...workspace.tables.events.values()]).toEqual([]);
    expect([...workspace.tables.deliveries.values()]).toEqual([]);
  });
});
