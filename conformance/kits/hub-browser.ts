// Consent on a deployment's hub in headless Chromium (spec 5.2 step 3: "an owner or admin of a
// workspace approves"), as the OpenID Foundation's conformance suite certifies real servers: the
// browser opens the authorization address, signs in as the inputs' `hub_member` when the hub shows
// its sign-in form, clicks approve or deny, and is caught at the app's redirect URI (the suite
// answers it in the browser itself, through the DevTools protocol, which also pauses the requests a
// redirect makes: no app server is needed and nothing leaves for the app's host).
// The selectors of the pages come from the inputs (harness/hub-inputs.ts). Every page the hub
// answered is recorded in the run's exchanges (the password and cookies left out), and a failure
// says each step. One browser per run, started at the first consent and closed with the client.
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import type { HubBrowser } from '../../harness/target.ts';
import { CheckFailure, CheckSkipped } from '../check.ts';
import type { ConformanceClient } from '../client.ts';
import type { CheckContext } from '../context.ts';
import { recordExchange } from '../exchange.ts';

export type Decision = 'approve' | 'deny';

/** Debian's Chromium (a browser download of playwright's does not work everywhere); CRMKIT_CHROMIUM names another. */
const CHROMIUM = process.env.CRMKIT_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A step of the hub (a page to load, a click to answer) that takes longer is reported as the hub's failure. */
const STEP_MS = 30_000;

type Hub = { context: BrowserContext } | { unavailable: string };
const hubs = new WeakMap<ConformanceClient, Promise<Hub>>();

/** Where the hub sent the browser back to the app after `decision` on the consent page of `authorizeUrl`. */
export async function decideInBrowser(
  context: CheckContext,
  hub: HubBrowser,
  authorizeUrl: string,
  redirectUri: string,
  decision: Decision,
): Promise<URL> {
  const started = await hubOf(context.client);
  if ('unavailable' in started) context.skip(started.unavailable);
  const page = await started.context.newPage();
  page.setDefaultTimeout(STEP_MS);
  await answerAtApp(page, redirectUri);
  const steps: string[] = [];
  const recording = recordPages(context.client, page, steps, redirectUri);
  try {
    const landed = await walk(page, hub, authorizeUrl, redirectUri, decision, steps);
    if (!landed) context.fail(`the hub did not send the browser back to ${redirectUri} after ${decision}:\n  ${steps.join('\n  ')}`);
    return landed;
  } catch (error) {
    // A step the browser could not take (a page that did not load or answer in time) is the hub's failure.
    if (error instanceof CheckFailure || error instanceof CheckSkipped || !(error instanceof Error)) throw error;
    steps.push(`then: ${await pageSummary(page)}`);
    context.fail(`the hub's pages did not go on (${error.message.split('\n')[0]}):\n  ${steps.join('\n  ')}`);
  } finally {
    await recording.settled();
    await page.close();
  }
}

async function walk(
  page: Page,
  hub: HubBrowser,
  authorizeUrl: string,
  redirectUri: string,
  decision: Decision,
  steps: string[],
): Promise<URL | undefined> {
  const { selectors } = hub;
  const buttonSelector = decision === 'approve' ? selectors.consent_approve : selectors.consent_deny;
  const button = page.locator(buttonSelector);
  const signInField = page.locator(selectors.signin_email);
  await page.goto(authorizeUrl);
  if (atApp(page.url(), redirectUri)) return new URL(page.url());
  // A page that renders in the browser shows its form after `load`: whichever comes first.
  await signInField.or(button).first().waitFor();
  if (await signInField.count()) {
    steps.push(`sign in as ${hub.member.email} (${selectors.signin_email}, ${selectors.signin_password}, ${selectors.signin_submit})`);
    await signInField.fill(hub.member.email);
    await page.fill(selectors.signin_password, hub.member.password);
    await navigationAfter(page, () => page.click(selectors.signin_submit));
    await signInField.or(button).first().waitFor();
    if (!(await button.count())) return void steps.push(`the hub did not take the sign-in: ${await pageSummary(page)}`);
  }
  if (decision === 'approve' && selectors.consent_scopes) {
    for (const box of await page.locator(selectors.consent_scopes).all()) await box.check();
  }
  steps.push(`click ${decision} (${buttonSelector}) on ${await pageSummary(page)}`);
  await navigationAfter(page, () => button.click());
  return atApp(page.url(), redirectUri) ? new URL(page.url()) : undefined;
}

/** Runs the action and waits until the page it starts has loaded. */
async function navigationAfter(page: Page, action: () => Promise<void>): Promise<void> {
  await Promise.all([page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() }), action()]);
  await page.waitForLoadState('load');
}

/** The address is the app's redirect URI (its query and fragment aside). */
function atApp(url: string, redirectUri: string): boolean {
  const endpoint = (value: URL) => `${value.origin}${value.pathname}`;
  return endpoint(new URL(url)) === endpoint(new URL(redirectUri));
}

async function pageSummary(page: Page): Promise<string> {
  const heading = await page
    .locator('h1')
    .first()
    .textContent({ timeout: 1_000 })
    .catch(() => null);
  return `${page.url()} ("${(heading ?? (await page.title().catch(() => ''))).trim().slice(0, 120)}")`;
}

/**
 * Records each page the hub answered the browser as an exchange of the run, and says it in the
 * steps; the app's redirect URI is answered in the browser and only said.
 */
function recordPages(client: ConformanceClient, page: Page, steps: string[], redirectUri: string) {
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    if (atApp(response.url(), redirectUri)) return void steps.push(`back at the app: ${response.url()}`);
    const location = response.headers().location;
    steps.push(`${request.method()} ${response.url()} → ${response.status()}${location ? ` to ${location}` : ''}`);
    pending.push(record(client, response));
  };
  page.on('response', onResponse);
  return {
    settled: async () => {
      page.off('response', onResponse);
      await Promise.all(pending);
    },
  };
}

async function record(client: ConformanceClient, response: Response): Promise<void> {
  const request = response.request();
  const redirected = response.status() >= 300 && response.status() < 400;
  const text = redirected ? '' : await response.text().catch(() => '');
  const { cookie: _cookie, ...requestHeaders } = await request.allHeaders();
  const { 'set-cookie': _setCookie, ...responseHeaders } = await response.allHeaders();
  client.exchanges.push(
    recordExchange({
      method: request.method(),
      url: response.url(),
      requestHeaders,
      requestBody: withoutPassword(request.postData()),
      status: response.status(),
      responseHeaders,
      text,
      sentRequestId: undefined,
    }),
  );
}

/** A sign-in form's body, its password replaced. */
function withoutPassword(body: string | null): string | undefined {
  if (body === null) return undefined;
  const form = new URLSearchParams(body);
  if (form.has('password')) form.set('password', '(left out)');
  return form.toString();
}

/** The run's browser: started once, closed with the run's client; or why there is none. */
function hubOf(client: ConformanceClient): Promise<Hub> {
  let hub = hubs.get(client);
  if (!hub) {
    hub = startHub();
    hubs.set(client, hub);
    client.whenClosed(async () => {
      const started = await hub!;
      if ('context' in started) await started.context.browser()?.close();
    });
  }
  return hub;
}

async function startHub(): Promise<Hub> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    const missing = 'playwright-core, which is not installed (npm install playwright-core)';
    return { unavailable: `consent on a deployment is given in headless Chromium through ${missing}` };
  }
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    const where = `${CHROMIUM} (set CRMKIT_CHROMIUM)`;
    return { unavailable: `consent on a deployment is given in headless Chromium, which did not start from ${where}: ${reason}` };
  }
  return { context: await browser.newContext() };
}

const HTML = { name: 'content-type', value: 'text/html' };
const AT_APP = Buffer.from('<!doctype html><title>Back at the app</title><h1>Back at the app</h1>').toString('base64');

/**
 * Answers the browser's requests to the app's redirect URI in the browser: playwright's own routes
 * do not see the request a redirect makes, the DevTools protocol's Fetch domain does.
 */
async function answerAtApp(page: Page, redirectUri: string): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  devtools.on('Fetch.requestPaused', (event) => {
    const { requestId } = event;
    const answer = atApp(event.request.url, redirectUri)
      ? devtools.send('Fetch.fulfillRequest', { requestId, responseCode: 200, responseHeaders: [HTML], body: AT_APP })
      : devtools.send('Fetch.continueRequest', { requestId });
    // The page may close while a request waits (after the decision): nothing is left to answer.
    answer.catch(() => {});
  });
  await devtools.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
}
