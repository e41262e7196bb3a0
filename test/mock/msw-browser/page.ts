// The script of the page that test/mock/msw-browser.test.ts opens in Chromium: crmkit's MSW
// handlers in a real Service Worker (msw 3 `setupWorker`), called with plain `fetch` as an app
// would. The page's own origin is the mock's origin, so every CRM request the page makes goes to
// the worker; the node:http server behind the page answers 404 to anything but its three files.
import { setupWorker } from 'msw/browser';
import { createCrmHandlers } from '../../../src/adapters/msw.ts';

export type Answer = { status: number; requestId: string | null; body: any };

export type PageResult = {
  created: Answer;
  whoami: Answer;
  withoutKey: Answer;
  /** Whether the mock in this page holds the workspace created over fetch. */
  workspaceInPageState: boolean;
  /** The same whoami call after `worker.stop()`: it reaches the node:http server. */
  afterStop: { status: number; text: string };
  /** The page's own script fetched again while the worker runs on the same origin: the handlers let it through. */
  ownAsset: { status: number; type: string | null };
};

declare global {
  interface Window {
    crmkitResult?: Promise<PageResult>;
  }
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, requestId: response.headers.get('x-request-id'), body: text ? JSON.parse(text) : undefined };
}

async function run(): Promise<PageResult> {
  const origin = location.origin;
  const crm = createCrmHandlers({ urls: { base_url: origin, hub_url: origin, workspace_url: origin } });
  const worker = setupWorker(...crm.handlers);
  // A request the handlers leave alone goes to the network: the test server would record it.
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' });

  const body = JSON.stringify({ name: new URLSearchParams(location.search).get('workspace') });
  const created = await answer(
    await fetch(`${origin}/_mock/workspaces`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }),
  );
  const key: string = created.body?.api_key;
  const whoami = await answer(await fetch(`${origin}/v1/api-keys/whoami`, { headers: { Authorization: `Bearer ${key}` } }));
  const withoutKey = await answer(await fetch(`${origin}/v1/api-keys/whoami`));
  const workspaceInPageState = crm.mock.state.workspaces.has(created.body?.workspace?.id);
  const asset = await fetch(`${origin}/page.js`, { cache: 'no-store' });
  const ownAsset = { status: asset.status, type: asset.headers.get('content-type') };

  await worker.stop();
  const stopped = await fetch(`${origin}/v1/api-keys/whoami`, { headers: { Authorization: `Bearer ${key}` } });
  const afterStop = { status: stopped.status, text: await stopped.text() };

  return { created, whoami, withoutKey, workspaceInPageState, afterStop, ownAsset };
}

window.crmkitResult = run();
