// The page bench/browser-first-answer.ts opens in Chromium: crmkit's handlers in msw's
// `setupWorker`, a workspace made in the page, and one `fetch` the worker answers. It records
// `performance.now()` (ms since navigation started) when its script starts to run and at the
// end of each step: the handlers made, the worker started, the workspace made, the first answer read.
import { setupWorker } from 'msw/browser';
import { createCrmHandlers } from '../src/adapters/msw.ts';

export type FirstAnswer = { status: number; scriptStartMs: number; handlersMs: number; workerMs: number; workspaceMs: number; ms: number };

declare global {
  interface Window {
    crmkitFirstAnswer?: Promise<FirstAnswer>;
  }
}

async function firstAnswer(): Promise<FirstAnswer> {
  const scriptStartMs = performance.now();
  const origin = location.origin;
  const crm = createCrmHandlers({ urls: { base_url: origin, hub_url: origin, workspace_url: origin } });
  const handlersMs = performance.now();
  await setupWorker(...crm.handlers).start({ quiet: true, onUnhandledFrame: 'bypass' });
  const workerMs = performance.now();
  const { apiKey } = await crm.createWorkspace();
  const workspaceMs = performance.now();
  const response = await fetch(`${origin}/v1/api-keys/whoami`, { headers: { Authorization: `Bearer ${apiKey}` } });
  await response.json();
  return { status: response.status, scriptStartMs, handlersMs, workerMs, workspaceMs, ms: performance.now() };
}

window.crmkitFirstAnswer = firstAnswer();
