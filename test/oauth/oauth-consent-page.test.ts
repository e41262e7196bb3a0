// The consent page in real headless Chromium (spec 5.2 step 3): a person opens the app's
// authorization address, chooses who they are, clicks Approve or Deny, and the browser lands on
// the app's redirect URI; the app's server then exchanges the code with oauth4webapi.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.ts';
import {
  advanceClock,
  exchangeCode,
  send,
  setUpApp,
  signIn,
  startAuthorization,
  useWorld,
  whoami,
  type AppSetup,
} from './oauth-fixture.ts';

const world = useWorld();
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** A new page whose browser is signed in to the hub as a member of the role (the session cookie of the control API). */
async function signedInPage(setup: AppSetup, role: string): Promise<{ page: Page; memberId: string }> {
  const { cookie, memberId } = await signIn(world, setup, role);
  const page = await browser!.newPage();
  const [name, value] = cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: world.server.url }]);
  return { page, memberId };
}

/** Clicks a button of the page and waits until the browser is back at the app. */
async function clickAndLand(page: Page, button: string): Promise<URL> {
  await Promise.all([
    page.waitForURL((url) => url.href.startsWith(world.receiver.redirectUri)),
    page.getByRole('button', { name: button }).click(),
  ]);
  return new URL(page.url());
}

describe('the consent page in Chromium', () => {
  it('a person clicks Approve and the browser lands on the redirect URI with code and state', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup, { scope: 'leads:read contacts:read' });
    const { page, memberId } = await signedInPage(setup, 'admin');
    const admin = { id: memberId };
    try {
      await page.goto(flow.url.href);
      expect(await page.title()).toContain('Call Tracker');
      await expect.poll(() => page.getByText('leads:read').count()).toBe(1);

      const landed = await clickAndLand(page, 'Approve');
      expect(landed.searchParams.get('code')).toMatch(/^svc_ac_/);
      expect(landed.searchParams.get('state')).toBe(flow.state);
      expect(await page.textContent('body')).toContain('Back at the app');

      const tokens = await exchangeCode(world, setup, flow, landed);
      expect((await whoami(world, tokens.access_token)).body).toMatchObject({
        object: 'access_token',
        scopes: ['leads:read', 'contacts:read'],
      });
      const [installation] = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/installations`)).body.data;
      expect(installation.member_id).toBe(admin.id);
    } finally {
      await page.close();
    }
  });

  it('a person clicks Deny and the browser lands on the redirect URI with error=access_denied and the state', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const { page } = await signedInPage(setup, 'owner');
    try {
      await page.goto(flow.url.href);
      const landed = await clickAndLand(page, 'Deny');
      expect(landed.searchParams.get('error')).toBe('access_denied');
      expect(landed.searchParams.get('state')).toBe(flow.state);
      expect(landed.searchParams.has('code')).toBe(false);
    } finally {
      await page.close();
    }
  });

  it('a person who clicks Approve after 15 minutes of the workspace clock sees that the request expired', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const { page } = await signedInPage(setup, 'owner');
    try {
      await page.goto(flow.url.href);
      await advanceClock(world, setup, 15 * 60);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Approve' }).click(),
      ]);
      expect(answer.status()).toBe(400);
      await expect.poll(() => page.textContent('h1')).toContain('expired');
      expect(page.url()).toBe(`${world.server.url}/oauth/authorize`);
    } finally {
      await page.close();
    }
  });
  it('a person who is not signed in clicks Approve and is refused; the app gets no code', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const page = await browser!.newPage();
    try {
      await page.goto(flow.url.href);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Approve' }).click(),
      ]);
      expect(answer.status()).toBe(401);
      expect(page.url().startsWith(world.receiver.redirectUri)).toBe(false);
      expect((await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/installations`)).body.data).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
