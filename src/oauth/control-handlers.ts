// The control API's OAuth routes (openapi/control/oauth.yaml): consent without a browser, client
// secret rotation, and the installations of a workspace with what admins do to them.
import { workspaceOf } from '../workspaces/workspace-of.ts';
import { ApiError } from '../errors/api-error.ts';
import type { HandlerMap } from '../http/handler.ts';
import type { components } from '../spec/generated/mock-control.d.ts';
import { normalizeId } from '../ids/ids.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { checkAuthorizeQuery } from './authorize-query.ts';
import { rotateClientSecret } from './client-secrets.ts';
import { openConsentRequest } from './consent-requests.ts';
import { approvers, decideConsent } from './decide-consent.ts';
import type { Installation } from './installation-record.ts';
import { changeSettings, uninstall } from './installations.ts';
import { notFound } from '../errors/not-found.ts';

type ConsentCommand = components['schemas']['OAuthConsentCommand'];

export const oauthControlHandlers: HandlerMap = {
  async decideOAuthConsent({ state, input }) {
    const command = input.body as ConsentCommand;
    const field = command.authorize_url !== undefined ? 'authorize_url' : 'query';
    const query = new URLSearchParams(command.authorize_url !== undefined ? new URL(command.authorize_url).search : (command.query ?? ''));
    const check = checkAuthorizeQuery(state, query);
    // The page would show an error and never redirect: there is no address to answer with.
    if (check.kind === 'error_page') throw new ApiError('validation_failed', { fields: { [field]: check.message } });
    if (check.kind === 'redirect') return { body: { redirect_url: check.location } };
    const { workspace } = check.request;
    const memberId = command.member_id ?? approvers(workspace).find((member) => member.role === 'owner')?.id ?? approvers(workspace)[0]?.id;
    const location = await workspace.transactions.run(async () =>
      decideConsent(workspace, await openConsentRequest(check.request), command.decision, memberId),
    );
    return { body: { redirect_url: location } };
  },

  async rotateAppSecret({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const app = workspace.tables.apps.get(input.path.app_id ?? '');
    if (!app) throw notFound(input.path.app_id ?? '', 'app');
    if (app.client_secret === null)
      throw new ApiError('validation_failed', { fields: { app_id: 'a public client has no secret to rotate' } });
    return { body: await workspace.transactions.run(() => rotateClientSecret(workspace, app)) };
  },

  listInstallations({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    return { body: { data: [...workspace.tables.installations.newestFirst()] } };
  },

  async uninstallApp({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const installation = installationOf(workspace, input.path.installation_id);
    return { body: await workspace.transactions.run(() => uninstall(state, workspace, installation, 'uninstalled')) };
  },

  async changeInstallationSettings({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const installation = installationOf(workspace, input.path.installation_id);
    if (installation.status !== 'active')
      throw new ApiError('validation_failed', { fields: { installation_id: 'the app is uninstalled' } });
    const { settings } = input.body as { settings: Record<string, unknown> };
    return { body: await workspace.transactions.run(() => changeSettings(workspace, installation, settings)) };
  },
};

function installationOf(workspace: Workspace, id: string | undefined): Installation {
  const installation = workspace.tables.installations.get(normalizeId(id ?? ''));
  if (!installation) throw notFound(id ?? '', 'installation');
  return installation;
}
