// Consent requests (spec 5.2 step 3): valid 15 minutes on the workspace's clock. Opening an
// authorization query starts one; opening the same query again finds it, and once it is older
// than 15 minutes the answer is 400 `request_expired` (the app must start again, with a new PKCE
// pair). Deciding it removes it, so a decision cannot be made twice.
import { ApiError } from '../errors/api-error.ts';
import type { Texts } from '../errors/messages.ts';
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { AuthorizationRequest } from './authorize-query.ts';
import type { ConsentRequest } from './consent-request-record.ts';
import { CONSENT_REQUEST_MS, hasPassed, isoAfter } from './lifetimes.ts';
import { CONSENT_REQUEST_PREFIX, newSecret } from './secret-values.ts';

/** The consent request of this query, new or still valid; run it in the workspace's transaction. */
export async function openConsentRequest(request: AuthorizationRequest): Promise<ConsentRequest> {
  const { workspace } = request;
  const nowMs = workspace.now();
  const existing = workspace.tables.oauthConsentRequests.firstBy('query', request.queryKey);
  if (existing) return unexpired(existing, nowMs);
  return workspace.tables.oauthConsentRequests.insert({
    id: newSecret(CONSENT_REQUEST_PREFIX),
    query_key: request.queryKey,
    app_id: request.app.id,
    redirect_uri: request.redirectUri,
    scopes: request.scopes,
    state: request.state,
    code_challenge: request.codeChallenge,
    created_at: new Date(nowMs).toISOString(),
    expires_at: isoAfter(nowMs, CONSENT_REQUEST_MS),
  });
}

/**
 * The workspace that keeps the consent request the page's form names. The form carries no
 * workspace, so every workspace is asked; an unknown request (already decided) is as good as expired.
 */
export function workspaceOfConsentRequest(state: MockState, id: string): Workspace {
  for (const workspace of state.workspaces.values()) if (workspace.tables.oauthConsentRequests.get(id)) return workspace;
  throw decidedOrExpired();
}

/** The consent request, still valid; read it inside the workspace's transaction that decides it. */
export function consentRequestIn(workspace: Workspace, id: string): ConsentRequest {
  const consent = workspace.tables.oauthConsentRequests.get(id);
  if (!consent) throw decidedOrExpired();
  return unexpired(consent, workspace.now());
}

const DECIDED_OR_EXPIRED: Texts = {
  en: 'This consent request was already decided or has expired; start again from the app.',
  ru: 'Этот запрос согласия уже решён или истёк; начните заново из приложения.',
  uz: "Bu rozilik so'rovi allaqachon hal qilingan yoki muddati o'tgan; ilovadan qaytadan boshlang.",
};

function decidedOrExpired(): ApiError {
  return new ApiError('request_expired', {}, { detail: DECIDED_OR_EXPIRED });
}

function unexpired(consent: ConsentRequest, nowMs: number): ConsentRequest {
  if (hasPassed(consent.expires_at, nowMs)) throw new ApiError('request_expired');
  return consent;
}
