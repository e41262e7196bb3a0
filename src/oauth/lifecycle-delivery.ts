// Delivering a lifecycle event (spec 6.5) on the webhooks' queue rules (spec 6.3): at once, then
// retried on their schedule for up to 24 hours on the workspace's clock, with the same
// `Svc-Delivery` id on every attempt; each attempt is signed afresh (workspace clock timestamp)
// with the app's current client secret, so after a rotation the new one at once (spec 5.2).
// Failures never disable anything.
//
// The sending is the webhooks' own (resources/webhooks/webhook-sender.ts: undici, 10 seconds, up to
// 3 redirects to the same host and scheme, the signature of spec 6.2). It is Node-only, so it is
// loaded on first use through a specifier that bundlers do not follow: the mock's core also runs
// in a browser (the MSW face), where lifecycle events are not sent.
import { lifecycleAttemptWithFaults } from '../faults/event-hook.ts';
import type { MockState } from '../mock-state.ts';
import { nextAttemptAt } from '../resources/webhooks/retry-schedule.ts';
import { urlProblem } from '../resources/webhooks/webhook-url.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { LifecycleEvent } from './lifecycle-events.ts';

type Sender = typeof import('../resources/webhooks/webhook-sender.ts');

const SENDER_MODULE = '../resources/webhooks/webhook-sender.ts';
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
  let attempts = 0;

  /** One attempt; whether the app answered 2xx. */
  const attempt = async (): Promise<boolean> => {
    // A workspace that was removed or replaced (reset, snapshot put back) sends nothing more.
    if (state.workspaces.get(workspace.id) !== workspace) return true;
    const app = workspace.tables.apps.get(appId);
    if (!app?.webhook_url || !app.client_secret) return true;
    const allowPrivate = state.config.allowPrivateWebhooks;
    if (urlProblem(app.webhook_url, allowPrivate) !== null) return false;
    const send = await loadSender();
    if (!send) return true;
    // Signed on the wall clock, as webhooks are (spec 6.5: same as webhooks; 6.2: receivers hold it to their clock).
    const timestampSeconds = Math.floor(Date.now() / 1000);
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': `Svc-Webhooks/1.0 (+${state.config.docsUrl}/webhooks)`,
      'Svc-Event': event.type,
      'Svc-Delivery': deliveryId,
      'Svc-Timestamp': String(timestampSeconds),
    };
    // Named faults of the events family may change the attempt, or send nothing; without any, it is the spec's.
    const sent = lifecycleAttemptWithFaults({ url: app.webhook_url, headers, body, secret: app.client_secret, timestampSeconds }, { state, workspace, event, attempts: attempts++ });
    if (!sent) return true;
    const outcome = await send.sendSigned(sent, allowPrivate);
    return outcome.success;
  };

  const run = async (): Promise<void> => {
    if (await attempt()) return;
    const next = nextAttemptAt(windowStartMs, state.now(workspace.id));
    if (next === null) return;
    workspace.clock.schedule(next, () => {
      const retried = run().catch((error: unknown) => console.error('[crmkit] an app lifecycle delivery failed', error));
      // On a frozen clock the retry belongs to the step that moved the clock (a deterministic test);
      // on a running one, a slow receiver must not hold up the workspace's other scheduled work.
      return workspace.clock.frozen ? retried : undefined;
    });
  };
  void run().catch((error: unknown) => console.error('[crmkit] an app lifecycle delivery failed', error));
}
