// Delivering a lifecycle event (spec 6.5): on the webhooks' queue rules (spec 6.3) — at once, then
// retried on their schedule for up to 24 hours on the workspace's clock, with the same
// `Svc-Delivery` id on every attempt; each attempt is signed afresh with the app's current client
// secret (after a rotation, the new one at once: spec 5.2). Failures never disable anything.
//
// The sending itself (undici, node:crypto) is Node-only and lives in lifecycle-sender.ts, loaded on
// first use through a specifier that bundlers do not follow: the mock's core also runs in a
// browser (the MSW face), where lifecycle events are not sent.
import type { MockState } from '../mock-state.ts';
import { nextAttemptAt } from '../resources/webhooks/retry-schedule.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { LifecycleEvent } from './lifecycle-events.ts';

type Sender = typeof import('./lifecycle-sender.ts');

const SENDER_MODULE = './lifecycle-sender.ts';
let sender: Promise<Sender | undefined> | undefined;

function loadSender(): Promise<Sender | undefined> {
  sender ??= (import(/* @vite-ignore */ SENDER_MODULE) as Promise<Sender>).catch((error: unknown) => {
    console.warn('[crmkit] app lifecycle events cannot be sent here (they need Node):', error);
    return undefined;
  });
  return sender;
}

export function deliverLifecycleEvent(state: MockState, workspace: Workspace, appId: string, event: LifecycleEvent): void {
  const deliveryId = state.newId('delivery', workspace.id);
  const body = JSON.stringify(event);
  const windowStartMs = Date.parse(event.created_at);
  const attempt = async (): Promise<void> => {
    // A workspace that was removed or replaced (reset, snapshot put back) sends nothing more.
    if (state.workspaces.get(workspace.id) !== workspace) return;
    const app = workspace.tables.apps.get(appId);
    if (!app?.webhook_url || !app.client_secret) return;
    const send = await loadSender();
    if (!send) return;
    const delivered = await send.sendLifecycleEvent({
      url: app.webhook_url,
      secret: app.client_secret,
      body,
      type: event.type,
      deliveryId,
      timestampSeconds: Math.floor(state.now(workspace.id) / 1000),
      allowPrivate: state.config.allowPrivateWebhooks,
      docsUrl: state.config.docsUrl,
    });
    if (delivered) return;
    const next = nextAttemptAt(windowStartMs, state.now(workspace.id));
    if (next !== null) workspace.clock.schedule(next, attempt);
  };
  void attempt().catch((error: unknown) => console.error('[crmkit] an app lifecycle delivery failed', error));
}
