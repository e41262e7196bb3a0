// App lifecycle events (spec 6.5) as the app's server receives them: signed with the client secret
// (spec 6.2), one per change of the installation, retried with the same delivery id.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReceivedRequest } from '../../harness/webhook-receiver.ts';
import { signatureValid } from '../support/oauth-app-server.ts';
import { startStateMock, stopStateMock } from '../support/state-mock-process.ts';
import { advanceClock, authorizeApp, send, setUpApp, useWorld, whoami, type AppSetup } from './oauth-fixture.ts';

const world = useWorld();

function eventOf(setup: AppSetup, type: string): Promise<ReceivedRequest> {
  return world.receiver.waitFor((event) => event.json.type === type && event.json.data.app_id === setup.app.id);
}

async function installationOf(setup: AppSetup): Promise<any> {
  return (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/installations`)).body.data[0];
}

describe('app lifecycle events', () => {
  it('app.installed comes signed with the client secret, with the headers and body of spec 6.5', async () => {
    const setup = await setUpApp(world);
    await authorizeApp(world, setup, { scope: 'leads:read ui:extend' });
    const event = await eventOf(setup, 'app.installed');
    const installation = await installationOf(setup);
    expect(event.json).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-z]{26}$/),
      type: 'app.installed',
      created_at: expect.any(String),
      data: {
        app_id: setup.app.id,
        workspace_id: setup.workspaceId,
        installation_id: installation.id,
        scopes: ['leads:read', 'ui:extend'],
      },
    });
    expect(event.headers).toMatchObject({
      'content-type': 'application/json',
      'svc-event': 'app.installed',
      'svc-delivery': expect.stringMatching(/^dlv_[0-9a-z]{26}$/),
      'svc-timestamp': expect.stringMatching(/^\d+$/),
    });
    expect(event.headers['user-agent']).toMatch(/^Svc-Webhooks\/1\.0 /);
    expect(signatureValid(event, setup.app.client_secret!)).toBe(true);
    expect(signatureValid({ ...event, rawBody: event.rawBody.replace('ui:extend', 'ui:extenD') }, setup.app.client_secret!)).toBe(false);
  });

  it('app.scopes_changed when the workspace approves the app again with other scopes, nothing for the same ones', async () => {
    const setup = await setUpApp(world);
    await authorizeApp(world, setup, { scope: 'leads:read' });
    await eventOf(setup, 'app.installed');
    await authorizeApp(world, setup, { scope: 'leads:read' });
    await authorizeApp(world, setup, { scope: 'leads:read contacts:read' });
    const changed = await eventOf(setup, 'app.scopes_changed');
    expect(changed.json.data.scopes).toEqual(['leads:read', 'contacts:read']);
    const mine = world.receiver
      .events()
      .filter((event) => event.json.data.app_id === setup.app.id)
      .map((event) => event.json.type);
    expect(mine).toEqual(['app.installed', 'app.scopes_changed']);
    expect((await installationOf(setup)).scopes).toEqual(['leads:read', 'contacts:read']);
  });

  it('app.settings_updated when an admin changes the app settings in the workspace', async () => {
    const setup = await setUpApp(world);
    await authorizeApp(world, setup);
    const installation = await installationOf(setup);
    const changed = await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/installations/${installation.id}/settings`, {
      settings: { sync_calls: true },
    });
    expect(changed.body.settings).toEqual({ sync_calls: true });
    expect((await eventOf(setup, 'app.settings_updated')).json.data.installation_id).toBe(installation.id);
  });

  it('app.uninstalled when an admin uninstalls the app, whose tokens stop working', async () => {
    const setup = await setUpApp(world);
    const tokens = await authorizeApp(world, setup);
    const installation = await installationOf(setup);
    const uninstalled = await send(
      world,
      'POST',
      `/_mock/workspaces/${setup.workspaceId}/installations/inst_${installation.id.slice(4)}/uninstall`,
    );
    expect(uninstalled.body).toMatchObject({ status: 'uninstalled', uninstall_reason: 'uninstalled' });
    expect((await whoami(world, tokens.access_token)).status).toBe(401);
    expect((await eventOf(setup, 'app.uninstalled')).json.data.installation_id).toBe(installation.id);
  });

  it('are retried on the webhook schedule with the same Svc-Delivery, each attempt signed afresh', async () => {
    const { setup, ofThisApp } = await installRefusedOnce();

    await advanceClock(world, setup, 59);
    expect(ofThisApp().length).toBe(1);
    await advanceClock(world, setup, 1);
    const delivered = await eventOf(setup, 'app.installed');
    const [first, second] = ofThisApp();
    expect(second!.headers['svc-delivery']).toBe(first!.headers['svc-delivery']);
    // Each attempt is signed when it is sent, on the wall clock (spec 6.2), however far the workspace clock moved.
    for (const attempt of [first!, second!]) expect(Math.abs(Number(attempt.headers['svc-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(signatureValid(delivered, setup.app.client_secret!)).toBe(true);
  });

  it('are stored deliveries: a retry waiting when the snapshot was taken comes after it is put back, same Svc-Delivery', async () => {
    const { setup, ofThisApp } = await installRefusedOnce();

    const snapshot = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body;
    const [stored] = snapshot.tables.deliveries;
    expect(stored).toMatchObject({
      id: ofThisApp()[0]!.headers['svc-delivery'],
      app_id: setup.app.id,
      event_type: 'app.installed',
      status: 'retrying',
      attempts: 1,
    });
    expect(stored.attempt_log).toEqual([expect.objectContaining({ response_status: 503 })]);
    // The inspector's list of what waits on the clock names it, a minute after the event.
    const scheduled = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/clock/scheduled`)).body;
    expect(scheduled.data).toContainEqual({
      at: new Date(Date.parse(stored.window_start) + 60_000).toISOString(),
      kind: 'delivery_attempt',
      id: stored.id,
      detail: `app.installed to app ${setup.app.id} (attempt 2)`,
    });
    // Put back: the workspace is a new one, with nothing on its clock but what the records hold.
    expect((await send(world, 'PUT', `/_mock/workspaces/${setup.workspaceId}/snapshot`, snapshot)).status).toBe(200);
    await advanceClock(world, setup, 59);
    expect(ofThisApp().length).toBe(1);
    await advanceClock(world, setup, 1);
    const delivered = await eventOf(setup, 'app.installed');
    expect(ofThisApp().length).toBe(2);
    expect(delivered.headers['svc-delivery']).toBe(stored.id);
    expect(signatureValid(delivered, setup.app.client_secret!)).toBe(true);
    const after = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body.tables.deliveries;
    expect(after).toEqual([expect.objectContaining({ id: stored.id, status: 'success', attempts: 2, next_attempt_at: null })]);
  });

  it('a snapshot of an earlier version, with app deliveries in a table of their own, loads into the one outbox and its retry comes', async () => {
    const { setup } = await installRefusedOnce();
    const snapshot = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body;
    const { deliveries, ...tables } = snapshot.tables;
    const [stored] = deliveries;
    // The layout before the one outbox: `webhookDeliveries` and `appDeliveries`.
    snapshot.tables = { ...tables, webhookDeliveries: [], appDeliveries: deliveries };
    expect((await send(world, 'PUT', `/_mock/workspaces/${setup.workspaceId}/snapshot`, snapshot)).status).toBe(200);
    const loaded = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body.tables;
    expect(Object.keys(loaded)).not.toContain('appDeliveries');
    expect(loaded.deliveries).toEqual([stored]);
    await advanceClock(world, setup, 60);
    const delivered = await eventOf(setup, 'app.installed');
    expect(delivered.headers['svc-delivery']).toBe(stored.id);
    // A state file's journal written after an upgrade updates an old record under the new name: that one wins.
    const again = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body;
    again.tables.appDeliveries = [stored];
    expect((await send(world, 'PUT', `/_mock/workspaces/${setup.workspaceId}/snapshot`, again)).status).toBe(200);
    const final = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body.tables.deliveries;
    expect(final).toEqual([expect.objectContaining({ id: stored.id, status: 'success', attempts: 2 })]);
  });

  it('a waiting retry of an app that no longer has a webhook URL ends failed without another attempt', async () => {
    const { setup, ofThisApp } = await installRefusedOnce();
    const snapshot = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body;
    snapshot.tables.apps.find((app: any) => app.id === setup.app.id).webhook_url = null;
    expect((await send(world, 'PUT', `/_mock/workspaces/${setup.workspaceId}/snapshot`, snapshot)).status).toBe(200);
    await advanceClock(world, setup, 60);
    expect(ofThisApp().length).toBe(1);
    const after = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body.tables.deliveries;
    expect(after).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, next_attempt_at: null, failed_at: expect.any(String) }),
    ]);
    expect(after[0].attempt_log).toHaveLength(1);
  });

  it('a failing receiver disables nothing: the retries run out, the app and its installation stay as they were', async () => {
    const setup = await setUpApp(world);
    await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/clock`, { freeze: true });
    world.receiver.refuseNext(1000);
    try {
      await authorizeApp(world, setup);
      await advanceClock(world, setup, 25 * 3600);
    } finally {
      world.receiver.refuseNext(0);
    }
    const ofThisApp = world.receiver.attempts().filter((event) => event.json.data.app_id === setup.app.id);
    // Spec 6.3: at once, 1 min, 5 min, 30 min, 2 h, 6 h, then every 6 hours up to the 24th hour: 9 attempts.
    expect(ofThisApp.length).toBe(9);
    expect(new Set(ofThisApp.map((event) => event.headers['svc-delivery'])).size).toBe(1);
    const snapshot = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body;
    expect(snapshot.tables.deliveries).toEqual([expect.objectContaining({ status: 'failed', attempts: 9, next_attempt_at: null })]);
    expect((await installationOf(setup)).status).toBe('active');
    expect(snapshot.tables.apps.find((app: any) => app.id === setup.app.id).webhook_url).toBe(world.receiver.webhookUrl);
  });

  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'a retry waiting when `crmkit mock --state` stopped (%s) comes after the next start, same Svc-Delivery',
    async (signal) => {
      const directory = mkdtempSync(join(tmpdir(), 'crmkit-lifecycle-'));
      const stateFile = join(directory, 'state.json');
      try {
        const first = await startStateMock(stateFile, {}, ['--allow-private-webhooks']);
        const control = (method: string, path: string, body?: unknown) => controlCall(first.url, method, path, body);
        const app = await control('POST', `/_mock/workspaces/${first.workspaceId}/apps`, {
          name: 'Call Tracker',
          redirect_uri: world.receiver.redirectUri,
          scopes: ['leads:read'],
          webhook_url: world.receiver.webhookUrl,
        });
        await control('POST', `/_mock/workspaces/${first.workspaceId}/clock`, { freeze: true });
        world.receiver.refuseNext(1);
        const authorize = `${first.url}/oauth/authorize?response_type=code&client_id=${app.client_id}&redirect_uri=${encodeURIComponent(world.receiver.redirectUri)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`;
        await control('POST', '/_mock/oauth/consent', { authorize_url: authorize, decision: 'approve' });
        const ofThisApp = () => world.receiver.attempts().filter((event) => event.json.data.app_id === app.id);
        await expect.poll(() => ofThisApp().length).toBe(1);
        // SIGKILL: what is kept is the journal, written before each answer (the delivery was queued in the consent's transaction).
        await stopStateMock(first, signal);

        const second = await startStateMock(stateFile, {}, ['--allow-private-webhooks']);
        try {
          expect(second.workspaceId).toBe(first.workspaceId);
          await controlCall(second.url, 'POST', `/_mock/workspaces/${second.workspaceId}/clock`, { freeze: true, advance_seconds: 60 });
          const delivered = await world.receiver.waitFor((event) => event.json.data.app_id === app.id);
          expect(ofThisApp().length).toBe(2);
          expect(delivered.headers['svc-delivery']).toBe(ofThisApp()[0]!.headers['svc-delivery']);
          expect(signatureValid(delivered, app.client_secret)).toBe(true);
        } finally {
          await stopStateMock(second);
        }
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  );

  it('are not sent to an app without a webhook URL', async () => {
    const created = await send(world, 'POST', '/_mock/workspaces', {});
    const app = created.body.app; // the starter app has no webhook URL
    expect(app.webhook_url).toBeNull();
    const before = world.receiver.attempts().length;
    const setup = { workspaceId: created.body.workspace.id, members: created.body.members, app, client: { client_id: app.client_id } };
    await send(world, 'POST', '/_mock/oauth/consent', {
      authorize_url: `${world.server.url}/oauth/authorize?response_type=code&client_id=${app.client_id}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      decision: 'approve',
    });
    expect((await installationOf(setup)).status).toBe('active');
    // A delivery is queued in the consent's own transaction (spec 6.3), so none queued now means none will come.
    const snapshot = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/snapshot`)).body;
    expect(snapshot.tables.deliveries).toEqual([]);
    expect(world.receiver.attempts().length).toBe(before);
  });
});

async function controlCall(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** An app installed on a frozen clock whose first app.installed attempt the receiver refused (503). */
async function installRefusedOnce() {
  const setup = await setUpApp(world);
  await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/clock`, { freeze: true });
  world.receiver.refuseNext(1);
  await authorizeApp(world, setup);
  const ofThisApp = () => world.receiver.attempts().filter((event) => event.json.data.app_id === setup.app.id);
  await expect.poll(() => ofThisApp().length).toBe(1);
  return { setup, ofThisApp };
}
