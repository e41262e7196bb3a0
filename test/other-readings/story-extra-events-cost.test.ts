// Issue 26: the extra deliveries of story-extra-events.ts cost a write the same however many
// events the workspace made before (the soak's other-readings stand-in slowed from ~1,000 to
// ~30 calls/s as its events table grew): the reading finds a write's events as they are handed
// to the outbox, never by reading the whole events table, and keeps nothing between requests.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handedEvents } from '../../src/other-readings/handed-events.ts';
import { STORY_EXTRA_EVENTS } from '../../src/other-readings/story-extra-events.ts';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

async function withGroupWebhook(): Promise<Setup> {
  const setup = await setUpMock({ otherReadings: STORY_EXTRA_EVENTS, allowPrivateWebhooks: true });
  const hook = await call(setup.mock, 'POST', '/v1/webhooks', {
    key: setup.key,
    body: { name: 'group', url: 'https://127.0.0.1:9/hook', events: ['lead.*'] },
  });
  expect(hook.status).toBe(201);
  return setup;
}

/** The deliveries queued once a change commits (fan-out.ts), queued by now. */
async function settle(setup: Setup): Promise<void> {
  expect((await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/clock`, { body: { advance_seconds: 0 } })).status).toBe(
    200,
  );
}

const workspaceOf = (setup: Setup) => setup.mock.state.workspaces.get(setup.workspaceId)!;

afterEach(() => vi.restoreAllMocks());

describe('story-extra-events over a long history', () => {
  it('reads no event table to find a write’s events, and still sends each again with a stranger', async () => {
    const setup = await withGroupWebhook();
    const workspace = workspaceOf(setup);
    for (let n = 0; n < 20; n++) await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: `Old ${n}` } });
    await settle(setup);
    const scans = vi.spyOn(workspace.tables.events, 'values');
    const deliveriesBefore = workspace.tables.deliveries.size;
    const lead = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'Sofa' } });
    expect(lead.status).toBe(201);
    await settle(setup);
    expect(scans).not.toHaveBeenCalled();
    // lead.created once by the mock, once more, and lead.noted: three deliveries to the one group webhook.
    const made = [...workspace.tables.deliveries.values()].slice(deliveriesBefore);
    expect(made).toHaveLength(3);
  });

  it('keeps no recording of a workspace once its requests are answered', async () => {
    const setup = await withGroupWebhook();
    await Promise.all([1, 2, 3].map((n) => call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: `Lead ${n}` } })));
    expect(handedEvents(setup.mock.state).size).toBe(0);
  });
});
