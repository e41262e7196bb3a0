// The browser bundle bench/browser-size.ts weighs: what an app's test page loads to mock the
// CRM in a Service Worker (README, "In a browser").
import { setupWorker } from 'msw/browser';
import { createCrmHandlers } from '../src/adapters/msw.ts';

const crm = createCrmHandlers({ urls: { base_url: location.origin, hub_url: location.origin, workspace_url: location.origin } });
void setupWorker(...crm.handlers).start({ onUnhandledFrame: 'bypass' });
