// The OAuth endpoints of spec 4.15 and 5.2, by operationId: the consent page on `{hub_url}`
// (`authorize`, and `submitConsent` for its form; the sign-in page is sign-in-handlers.ts), and the token and revoke endpoints on
// `{base_url}`, whose errors are answered in the OAuth format (x-error-format: oauth).
import { ApiError } from '../errors/api-error.ts';
import { pickLanguage, type Texts } from '../errors/messages.ts';
import { messageOf } from '../errors/error-response.ts';
import { callerOf, inAddressedWorkspace, type HandlerContext, type TagHandlers } from '../http/handler.ts';
import { RefusalAfterCommit } from '../store/transactions.ts';
import { findApp } from './find-app.ts';
import type { components } from '../spec/generated/crm.d.ts';
import { checkAuthorizeQuery } from './authorize-query.ts';
import { appNamedBy, authenticateClient, type ClientCredentials } from './client-auth.ts';
import { exchangeCode } from './code-grant.ts';
import { consentPage, errorPage, htmlResponse } from './consent-page.ts';
import { consentRequestIn, openConsentRequest, workspaceOfConsentRequest } from './consent-requests.ts';
import { approvers, decideConsent } from './decide-consent.ts';
import { oauthError } from './oauth-error.ts';
import { refreshTokens } from './refresh-grant.ts';
import { revokePresentedToken } from './revoke-tokens.ts';
import { hubSignInHandlers } from './sign-in-handlers.ts';
import { signedInMember } from './signed-in-member.ts';

type TokenRequest = components['schemas']['OAuthTokenRequest'];

/** RFC 6749 5.1: token answers are never cached. */
const OTHER_WORKSPACE: Texts = {
  en: 'You are signed in to another workspace than the one the app asks to be installed in.',
  ru: 'Вы вошли в другое рабочее пространство, а не в то, куда просит установить себя приложение.',
  uz: "Siz ilova o'rnatilishini so'ragan ish maydoniga emas, boshqa ish maydoniga kirgansiz.",
};

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export const oauthHandlers: TagHandlers<'OAuth'> = {
  ...hubSignInHandlers,

  // The app's workspace is the one a consent request is opened in.
  authorize: inAddressedWorkspace(
    ({ state, input }) => findApp(state, input.query.client_id ?? '')?.workspace,
    async ({ state, request }) => {
      const check = checkAuthorizeQuery(state, new URL(request.url).searchParams);
      if (check.kind === 'error_page') return htmlResponse(errorPage('This app cannot be connected', check.message), 400);
      if (check.kind === 'redirect') return redirect(check.location);
      const { app, workspace } = check.request;
      return asPage(request, async () => {
        const consent = await openConsentRequest(check.request);
        const { pathname, search } = new URL(request.url);
        const signedIn = signedInMember(state, request)?.member;
        const view = { app, workspace, consent, approvers: approvers(workspace), signedIn, here: `${pathname}${search}` };
        return htmlResponse(consentPage(view), 200, consent.redirect_uri);
      });
    },
  ),

  // Spec 5.2: the person deciding is the member signed in to the hub (the pipeline has checked the
  // `svc_session` cookie the operation's security names), never a member named by the form; the
  // pipeline runs this in the session's workspace transaction.
  async submitConsent(context) {
    const { state, request, input } = context;
    const form = input.body;
    const caller = callerOf(context);
    return asPage(request, async () => {
      const workspace = workspaceOfConsentRequest(state, form.consent_request);
      if (workspace !== caller.workspace) throw new ApiError('forbidden', { permission: 'approve_apps' }, { detail: OTHER_WORKSPACE });
      const location = await decideConsent(
        workspace,
        consentRequestIn(workspace, form.consent_request),
        form.decision,
        caller.memberId ?? undefined,
      );
      return redirect(location);
    });
  },

  // The token and revoke requests change the workspace of the app they name.
  createToken: inAddressedWorkspace(clientWorkspace, async ({ state, request, input }) => {
    const body = input.body;
    const { app, workspace } = authenticateClient(state, request, body);
    const { grant_type: grantType } = body;
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw oauthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
    }
    // The body's schema has required what each grant needs (OAuthTokenRequest's if/then).
    const outcome = await (grantType === 'authorization_code'
      ? exchangeCode(state, workspace, app, body as Required<Pick<TokenRequest, 'code' | 'redirect_uri' | 'code_verifier'>>)
      : refreshTokens(state, workspace, app, body as Required<Pick<TokenRequest, 'refresh_token'>> & Pick<TokenRequest, 'scope'>));
    // A refused grant may have revoked tokens (a reused code, spec 5.2): those writes stand.
    if ('refused' in outcome) throw new RefusalAfterCommit(outcome.refused);
    return { body: outcome.tokens, headers: NO_STORE };
  }),

  revokeToken: inAddressedWorkspace(clientWorkspace, async ({ state, request, input }) => {
    const body = input.body;
    const { app, workspace } = authenticateClient(state, request, body);
    await revokePresentedToken(state, workspace, app.id, body.token);
    return { body: {}, headers: NO_STORE };
  }),
};

/** The workspace of the app a token or revoke request names (authenticated by its handler). */
function clientWorkspace({ state, request, input }: Pick<HandlerContext, 'state' | 'request'> & { input: { body: ClientCredentials } }) {
  return appNamedBy(state, request, input.body)?.workspace;
}

function redirect(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

/**
 * What a person's browser sees when the hub refuses: a page. A caller that asks for JSON gets the
 * error envelope instead (the document's 400 and 403 answers of these operations offer both).
 */
async function asPage(request: Request, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const accept = request.headers.get('accept') ?? '';
    if (!(error instanceof ApiError) || (accept.includes('application/json') && !accept.includes('text/html'))) throw error;
    // Spec 7.1: a person reads the page in the language of Accept-Language, as an envelope's message.
    const language = pickLanguage(request.headers.get('accept-language'));
    const page = PAGES[error.code];
    if (page) return htmlResponse(errorPage(page.title[language], messageOf(error, { language }), language), page.status);
    throw error;
  }
}

/** The hub's pages for the refusals a person meets on the consent form, titled in each language. */
const PAGES: Record<string, { status: number; title: Texts }> = {
  request_expired: {
    status: 400,
    title: { en: 'This request has expired', ru: 'Срок действия запроса истёк', uz: "So'rov muddati tugagan" },
  },
  forbidden: {
    status: 403,
    title: { en: 'You cannot approve apps', ru: 'Вы не можете одобрять приложения', uz: 'Siz ilovalarni tasdiqlay olmaysiz' },
  },
};
