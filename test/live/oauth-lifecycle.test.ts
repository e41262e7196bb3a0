// App lifecycle events (spec 6.5) as the app's server receives them: signed with the client secret
// (spec 6.2), one per change of the installation, retried with the same delivery id.
import { describe, expect, it } from 'vitest';
import type { ReceivedRequest } from '../../harness/webhook-receiver.ts';
import { signatureValid } from '../support/oauth-app-server.ts';
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
      data: { app_id: setup.app.id, workspace_id: setup.workspaceId, installation_id: installation.id, scopes: ['leads:read', 'ui:extend'] },
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
    const mine = world.receiver.events().filter((event) => event.json.data.app_id === setup.app.id).map((event) => event.json.type);
    expect(mine).toEqual(['app.installed', 'app.scopes_changed']);
    expect((await installationOf(setup)).scopes).toEqual(['leads:read', 'contacts:read']);
  });

  it('app.settings_updated when an admin changes the app settings in the workspace', async () => {
    const setup = await setUpApp(world);
    await authorizeApp(world, setup);
    const installation = await installationOf(setup);
    const changed = await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/installations/${installation.id}/settings`, { settings: { sync_calls: true } });
    expect(changed.body.settings).toEqual({ sync_calls: true });
    expect((await eventOf(setup, 'app.settings_updated')).json.data.installation_id).toBe(installation.id);
  });

  it('app.uninstalled when an admin uninstalls the app, whose tokens stop working', async () => {
    const setup = await setUpApp(world);
    const tokens = await authorizeApp(world, setup);
    const installation = await installationOf(setup);
    const uninstalled = await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/installations/inst_${installation.id.slice(4)}/uninstall`);
    expect(uninstalled.body).toMatchObject({ status: 'uninstalled', uninstall_reason: 'uninstalled' });
    expect((await whoami(world, tokens.access_token)).status).toBe(401);
    expect((await eventOf(setup, 'app.uninstalled')).json.data.installation_id).toBe(installation.id);
  });

  it('are retried on the webhook schedule with the same Svc-Delivery, each attempt signed afresh', async () => {
    const setup = await setUpApp(world);
    await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/clock`, { freeze: true });
    world.receiver.refuseNext(1);
    await authorizeApp(world, setup);
    const ofThisApp = () => world.receiver.attempts().filter((event) => event.json.data.app_id === setup.app.id);
    await expect.poll(() => ofThisApp().length).toBe(1);

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
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(world.receiver.attempts().length).toBe(before);
  });
});
