// The page bench/browser-first-answer.ts opens in Chromium: crmkit's handlers in msw's
// `setupWorker`, a workspace made in the page, and one `fetch` the worker answers. It records
// `performance.now()` (ms since navigation started) when that first answer has been read.
import { setupWorker } from 'msw/browser';
import { createCrmHandlers } from '../src/adapters/msw.ts';

declare global {
  interface Window {
    crmkitFirstAnswer?: Promise<{ status: number; ms: number; scriptStartMs: number }>;
  }
}

async function firstAnswer() {
  const scriptStartMs = performance.now();
  const origin = location.origin;
  const crm = createCrmHandlers({ urls: { base_url: origin, hub_url: origin, workspace_url: origin } });
  await setupWorker(...crm.handlers).start({ quiet: true, onUnhandledFrame: 'bypass' });
  const { apiKey } = await crm.createWorkspace();
  const response = await fetch(`${origin}/v1/api-keys/whoami`, { headers: { Authorization: `Bearer ${apiKey}` } });
  await response.json();
  return { status: response.status, ms: performance.now(), scriptStartMs };
}

window.crmkitFirstAnswer = firstAnswer();
