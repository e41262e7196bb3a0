// A person's decision on a consent request (spec 5.2 step 3): denial sends the browser back with
// `error=access_denied`; approval by an active owner or admin installs the app (or changes its
// scopes) and sends it back with a code. Either way the request is used up. Run in the
// workspace's transaction.
import { ApiError } from '../errors/api-error.ts';
import type { Texts } from '../errors/messages.ts';
import { normalizeId } from '../ids/ids.ts';
import type { Member } from '../workspaces/member.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { ConsentRequest } from './consent-request-record.ts';
import { approveInstallation } from './installations.ts';
import { CODE_MS, isoAfter } from './lifetimes.ts';
import { redirectTo } from './redirect-url.ts';
import { CODE_PREFIX, newSecret } from './secret-values.ts';

export type Decision = 'approve' | 'deny';

/** Spec 7.1: the message in each language. */
export const ONLY_APPROVERS: Texts = {
  en: 'Only an active owner or admin of the workspace can approve apps.',
  ru: 'Одобрять приложения может только активный владелец или администратор рабочего пространства.',
  uz: 'Ilovalarni faqat ish maydonining faol egasi yoki administratori tasdiqlay oladi.',
};
const APP_GONE: Texts = {
  en: 'The app no longer exists; start again from the app.',
  ru: 'Приложение больше не существует; начните заново из приложения.',
  uz: 'Ilova endi mavjud emas; ilovadan qaytadan boshlang.',
};

/** Members who may approve apps: active owners and admins (spec 5.2). */
export function approvers(workspace: Workspace): Member[] {
  return [...workspace.members.values()].filter(
    (member) => member.status === 'active' && (member.role === 'owner' || member.role === 'admin'),
  );
}

/** Where the browser goes next. */
export async function decideConsent(
  workspace: Workspace,
  consent: ConsentRequest,
  decision: Decision,
  memberId: string | undefined,
): Promise<string> {
  if (decision === 'deny') {
    workspace.tables.oauthConsentRequests.remove(consent.id);
    return redirectTo(consent.redirect_uri, {
      error: 'access_denied',
      error_description: 'The workspace declined to install the app.',
      state: consent.state,
    });
  }
  const member = memberId === undefined ? undefined : approvers(workspace).find((candidate) => candidate.id === normalizeId(memberId));
  if (!member) throw new ApiError('forbidden', { permission: 'approve_apps' }, { detail: ONLY_APPROVERS });
  const app = workspace.tables.apps.get(consent.app_id);
  if (!app) throw new ApiError('request_expired', {}, { detail: APP_GONE });

  const installation = await approveInstallation(workspace, app, member.id, consent.scopes);
  const nowMs = workspace.now();
  const code = await workspace.tables.oauthCodes.insert({
    id: newSecret(CODE_PREFIX),
    app_id: app.id,
    installation_id: installation.id,
    member_id: member.id,
    redirect_uri: consent.redirect_uri,
    scopes: consent.scopes,
    code_challenge: consent.code_challenge,
    created_at: new Date(nowMs).toISOString(),
    expires_at: isoAfter(nowMs, CODE_MS),
    used_at: null,
  });
  workspace.tables.oauthConsentRequests.remove(consent.id);
  return redirectTo(consent.redirect_uri, { code: code.id, state: consent.state });
}
