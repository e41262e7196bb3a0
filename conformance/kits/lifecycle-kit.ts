// What the app lifecycle checks share (spec 5.2, 6.5): an app of the check's own whose webhook URL
// is a receiver of the check's own, and the workspace approving it. Apps, their webhook URL and
// consent are made in a developer console and by a person in a browser; only a crmkit mock lets
// the suite do them, through its control API, so these checks are skipped against a deployment.
import { randomBytes } from 'node:crypto';
import type { CheckContext } from '../context.ts';
import { controlCall } from '../mock-control.ts';
import { exchangeCode, pkcePair, type OAuthClient, type Tokens } from './oauth-kit.ts';
import { WebhookReceiver, type ReceivedRequest } from '../../harness/webhook-receiver.ts';
import { needReceiverAccepted } from './webhook-kit.ts';

export type LifecycleApp = {
  client: OAuthClient & { clientSecret: string; redirectUri: string };
  workspaceId: string;
  receiver: WebhookReceiver;
  path: string;
};

/** The scopes the check's apps declare; approving with none of them named grants both (spec 5.2). */
export const APP_SCOPES = ['leads:read', 'contacts:read'];

/** A confidential app whose lifecycle events go to a receiver of the check's own (closed when the run ends). */
export async function lifecycleApp(context: CheckContext, slug: string): Promise<LifecycleApp> {
  const mock =
    context.target.mock ??
    context.skip(
      "an app's webhook URL is set in the developer console and its consent given by a person: only a crmkit mock's control API lets the suite do both",
    );
  const receiver = await WebhookReceiver.start();
  context.cleanup(() => receiver.close());
  const path = `/crmkit-conformance/${context.runId}/${slug}`;
  await needReceiverAccepted(context, receiver.url(`${path}/probe`));
  const app = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/apps`, {
    name: `conformance ${context.runId} ${slug}`,
    redirect_uri: 'http://127.0.0.1/conformance/callback',
    scopes: APP_SCOPES,
    webhook_url: receiver.url(path),
  });
  return {
    client: { clientId: app.client_id, clientSecret: app.client_secret, redirectUri: app.redirect_uri },
    workspaceId: mock.workspaceId,
    receiver,
    path,
  };
}

/** The workspace approves the app (for `scope`, or all it declares) and the code is exchanged: the tokens (200 expected). */
export async function approveApp(context: CheckContext, app: LifecycleApp, scope?: string): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.client.clientId,
    redirect_uri: app.client.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(12).toString('hex'),
    ...(scope ? { scope } : {}),
  });
  const decided = await controlCall(context, 'POST', '/_mock/oauth/consent', {
    authorize_url: `${context.target.hubUrl}/oauth/authorize?${query}`,
    decision: 'approve',
  });
  const code = new URL(decided.redirect_url).searchParams.get('code');
  if (!code) context.fail(`the approval redirected without a code: ${decided.redirect_url}`);
  const exchange = await exchangeCode(context, app.client, code, app.client.redirectUri, verifier);
  context.expectStatus(exchange, 200);
  return exchange.json;
}

/** The `nth` lifecycle event of `type` at the app's receiver, waiting for it (undefined when it did not come). */
export function lifecycleEvent(app: LifecycleApp, type: string, nth: number, timeoutMs: number): Promise<ReceivedRequest | undefined> {
  // Found by the body's type or the Svc-Event header, so that a body naming its type wrongly fails events.lifecycle-body-type instead of passing for missing.
  return app.receiver.nth(app.path, nth, timeoutMs, (request) => request.json?.type === type || request.headers['svc-event'] === type);
}

/** Two installation ids name the same installation: spec 2.2 shows `ins_`, the token answer `inst_`; compared after the prefix. */
export function sameInstallation(a: unknown, b: unknown): boolean {
  const tail = (id: unknown) => (typeof id === 'string' ? id.slice(id.indexOf('_') + 1) : undefined);
  return tail(a) !== undefined && tail(a) === tail(b);
}
