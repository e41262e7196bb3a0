// Faults of the authorization request and its consent (spec 5.2 steps 2 and 3): which redirect
// URIs are taken, and who decides on a consent request.
import { consentRequestIn, workspaceOfConsentRequest } from '../oauth/consent-requests.ts';
import { decideConsent } from '../oauth/decide-consent.ts';
import { findApp } from '../oauth/find-app.ts';
import type { Fault } from './fault.ts';
import { onOperation, withQuery } from './request-match.ts';

export const consentFaults: Fault[] = [
  {
    name: 'consent-form-names-member',
    family: 'oauth',
    proves: ['errors.request-id-header', 'oauth.approval-by-owner-admin', 'oauth.consent-signed-in-member'],
    description:
      "The consent form's POST /oauth/authorize decides for whatever member_id it is sent, without a signed-in member: anyone who sees a consent request can approve it as the owner.",
    // Raw requests, not the handler seam: the pipeline refuses a POST without a session before any
    // handler runs, so the fault answers in the handler's place, deciding in a transaction of its
    // own as the pipeline would run the handler in the session's workspace.
    wrap: (next, state) =>
      onOperation('submitConsent', async (inner, request, info) => {
        const form = new URLSearchParams(await request.clone().text());
        const [memberId, id, decision] = [form.get('member_id'), form.get('consent_request'), form.get('decision')];
        if (!memberId || !id || (decision !== 'approve' && decision !== 'deny')) return inner(request, info);
        try {
          const workspace = workspaceOfConsentRequest(state, id);
          const location = await workspace.transactions.run(() =>
            decideConsent(workspace, consentRequestIn(workspace, id), decision, memberId),
          );
          return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
        } catch {
          return inner(request, info);
        }
      })(next, state),
  },
  {
    name: 'authorize-redirect-wildcard-match',
    family: 'oauth',
    proves: ['oauth.redirect-uri-no-wildcards'],
    description:
      'The authorization endpoint matches redirect_uri as a pattern: a `*` in the one sent matches any text, so https://app.example/* (or a * for the host) is taken for the registered callback.',
    // The authorize handler reads the raw query (an invalid one is redirected, not refused): the fault changes the request.
    wrap: (next, state) =>
      onOperation('authorize', async (inner, request, info) => {
        const widened = withQuery(request, (query) => {
          const sent = query.get('redirect_uri');
          const app = sent?.includes('*') ? findApp(state, query.get('client_id') ?? '')?.app : undefined;
          if (app && sent && wildcardPattern(sent).test(app.redirect_uri)) query.set('redirect_uri', app.redirect_uri);
        });
        return inner(widened, info);
      })(next, state),
  },
];

/** The redirect_uri sent read as a pattern: each `*` any text, the rest literal. */
function wildcardPattern(sent: string): RegExp {
  return new RegExp(
    `^${sent
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}
