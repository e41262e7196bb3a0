// Spec 6.5 (and 6.2 for the headers and signature): the app lifecycle events an app of the
// check's own receives at its webhook URL: app.installed when the workspace approves it,
// app.scopes_changed when it approves it again with other scopes, app.settings_updated when an
// admin changes its settings, app.uninstalled when an admin uninstalls it, and app.uninstalled
// again when a used refresh token comes back (spec 5.2) after a new installation. Each body is
// `{id, type, created_at, data: {app_id, workspace_id, installation_id, scopes[]}}`, signed with the
// app's client secret. The app, its webhook URL, consent, settings and uninstalling go through a
// crmkit mock's control API (lifecycle-kit.ts); against a deployment the check is skipped.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { eventWaitMs, missing } from '../../kits/events-kit.ts';
import { approveApp, lifecycleApp, lifecycleEvent, sameInstallation, type LifecycleApp } from '../../kits/lifecycle-kit.ts';
import { controlCall } from '../../mock-control.ts';
import { refresh, type Tokens } from '../../kits/oauth-kit.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import { signatureParts, signatureProblem } from '../../kits/webhook-signature.ts';

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Spec 6.2: a receiver rejects a `t` more than 5 minutes from its clock. */
const TOLERANCE_SECONDS = 300;

/** What an event must carry, and the workspace clock when it came (the time it was signed, near enough). */
type Expected = { installationId: unknown; scopes?: string[]; nowSeconds?: number };

export const appLifecycle: ActiveCheck = {
  kind: 'active',
  id: 'events.app-lifecycle',
  area: 'events',
  title:
    "installing, approving again with other scopes, changing settings, uninstalling and a reused refresh token send the app's lifecycle events, signed with its client secret",
  spec: '6.2, 6.5',
  basis: 'documented',
  writes: true,
  async run(context) {
    const app = await lifecycleApp(context, 'app-lifecycle');
    const seconds = eventWaitMs(context) / 1000;
    const received: { request: ReceivedRequest; expected: Expected }[] = [];
    const expectEvent = async (rule: string, type: string, nth: number, expected: Expected) => {
      const request = await lifecycleEvent(app, type, nth, eventWaitMs(context));
      context.judge(rule, !request && missing(`${type}${nth > 1 ? ` number ${nth}` : ''} at the app's webhook URL`, seconds));
      if (request) received.push({ request, expected: { ...expected, nowSeconds: Math.floor(request.receivedAtMs / 1000) } });
      return request;
    };

    const tokens = await approveApp(context, app);
    const installationId = tokens.installation_id;
    await expectEvent('events.lifecycle-installed', 'app.installed', 1, { installationId, scopes: ['leads:read', 'contacts:read'] });
    await approveApp(context, app, 'leads:read');
    await expectEvent('events.lifecycle-scopes-changed', 'app.scopes_changed', 1, { installationId, scopes: ['leads:read'] });
    const installation = `/_mock/workspaces/${app.workspaceId}/installations/${installationId}`;
    await controlCall(context, 'POST', `${installation}/settings`, { settings: { conformance_run: context.runId } });
    await expectEvent('events.lifecycle-settings-updated', 'app.settings_updated', 1, { installationId });
    await controlCall(context, 'POST', `${installation}/uninstall`);
    await expectEvent('events.lifecycle-uninstalled', 'app.uninstalled', 1, { installationId });

    const again = await approveApp(context, app);
    await reuseRefreshToken(context, app, again);
    await expectEvent('events.lifecycle-uninstalled-on-reuse', 'app.uninstalled', 2, { installationId: again.installation_id });

    context.judge(
      'events.lifecycle-to-app-url',
      received.length === 0 && `no lifecycle event reached the app's webhook URL ${app.receiver.url(app.path)}`,
    );
    judgeBodies(context, app, received);
  },
};

/** Refreshes once, then presents the used refresh token again (refused, spec 5.2). */
async function reuseRefreshToken(context: CheckContext, app: LifecycleApp, tokens: Tokens): Promise<void> {
  const first = await refresh(context, app.client, tokens.refresh_token);
  context.expectStatus(first, 200);
  const reused = await refresh(context, app.client, tokens.refresh_token);
  if (reused.status !== 400 || reused.json?.error !== 'invalid_grant')
    context.fail(
      `a used refresh token presented again answered ${reused.status} ${reused.json?.error ?? ''}, not 400 invalid_grant`,
      reused,
    );
}

/** Every body and its headers, rule by rule: the first problem fails a rule, none passes it. */
function judgeBodies(context: CheckContext, app: LifecycleApp, received: { request: ReceivedRequest; expected: Expected }[]): void {
  if (received.length === 0) return;
  const problems = new Map<string, string>();
  const note = (rule: string, problem: string | false | undefined) => {
    if (problem && !problems.has(rule)) problems.set(rule, problem);
  };
  const ids = new Set<string>();
  for (const { request, expected } of received) {
    const body = request.json;
    const what = body?.type ?? 'a lifecycle event';
    note(
      'events.lifecycle-body-id',
      (typeof body?.id !== 'string' || body.id === '' || ids.has(body.id)) &&
        `${what} has id ${JSON.stringify(body?.id)}: not an id of its own`,
    );
    ids.add(body?.id);
    note(
      'events.lifecycle-body-type',
      body?.type !== request.headers['svc-event'] &&
        `${what}: type ${JSON.stringify(body?.type)} while Svc-Event names ${request.headers['svc-event']}`,
    );
    note(
      'events.lifecycle-body-created-at',
      !(TIME.test(String(body?.created_at)) && !Number.isNaN(Date.parse(body.created_at))) &&
        `${what} has created_at ${JSON.stringify(body?.created_at)}, not an RFC 3339 time`,
    );
    const data = body?.data;
    note(
      'events.lifecycle-app-id',
      data?.app_id !== app.client.clientId && `${what} has data.app_id ${JSON.stringify(data?.app_id)}, not the app ${app.client.clientId}`,
    );
    note(
      'events.lifecycle-workspace-id',
      data?.workspace_id !== app.workspaceId &&
        `${what} has data.workspace_id ${JSON.stringify(data?.workspace_id)}, not the workspace ${app.workspaceId}`,
    );
    note(
      'events.lifecycle-installation-id',
      !sameInstallation(data?.installation_id, expected.installationId) &&
        `${what} has data.installation_id ${JSON.stringify(data?.installation_id)}, not the installation the token answer named (${expected.installationId})`,
    );
    note(
      'events.lifecycle-installation-id-short-prefix',
      typeof data?.installation_id === 'string' &&
        !data.installation_id.startsWith('ins_') &&
        `${what} has data.installation_id ${JSON.stringify(data.installation_id)}, not in the short form ins_... (2.2: only the token answer shows inst_)`,
    );
    note('events.lifecycle-scopes', scopesProblem(what, data?.scopes, expected.scopes));
    const absent = ['svc-event', 'svc-timestamp', 'svc-signature'].filter((name) => !request.headers[name]);
    note('events.lifecycle-headers', absent.length > 0 && `${what} came without ${absent.join(', ')}`);
    const signed = signatureProblem(request.headers['svc-signature'], request.rawBody, app.client.clientSecret);
    note('events.lifecycle-signed-with-client-secret', signed && `${what}, checked with the app's client secret: ${signed}`);
    note('events.lifecycle-timestamp', timestampProblem(what, request, expected.nowSeconds));
  }
  const rules = [
    'events.lifecycle-body-id',
    'events.lifecycle-body-type',
    'events.lifecycle-body-created-at',
    'events.lifecycle-app-id',
    'events.lifecycle-workspace-id',
    'events.lifecycle-installation-id',
    'events.lifecycle-installation-id-short-prefix',
    'events.lifecycle-scopes',
    'events.lifecycle-headers',
    'events.lifecycle-signed-with-client-secret',
    'events.lifecycle-timestamp',
  ];
  for (const rule of rules) context.judge(rule, problems.get(rule));
}

/** Svc-Timestamp is the signature's `t`, and near the receiver's clock when it came (signed when sent, spec 6.2). */
function timestampProblem(what: string, request: ReceivedRequest, nowSeconds: number | undefined): string | undefined {
  const stamp = request.headers['svc-timestamp'];
  const parts = signatureParts(request.headers['svc-signature']);
  if (parts && parts.t !== stamp) return `${what}: Svc-Timestamp ${stamp} is not the signature's t ${parts.t}`;
  if (nowSeconds !== undefined && !(Math.abs(Number(stamp) - nowSeconds) <= TOLERANCE_SECONDS))
    return `${what}: Svc-Timestamp ${stamp} is not within 5 minutes of the receiver's clock (${nowSeconds}) when it came`;
  return undefined;
}

function scopesProblem(what: string, scopes: unknown, expected: string[] | undefined): string | undefined {
  if (!Array.isArray(scopes) || scopes.some((scope) => typeof scope !== 'string'))
    return `${what} has data.scopes ${JSON.stringify(scopes)}, not a list of scopes`;
  if (expected && [...scopes].sort().join(' ') !== [...expected].sort().join(' '))
    return `${what} has data.scopes ${JSON.stringify(scopes)}, not the scopes approved ${JSON.stringify(expected)}`;
  return undefined;
}
