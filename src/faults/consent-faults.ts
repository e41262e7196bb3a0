// Faults of the authorization request and its consent (spec 5.2 steps 2 and 3): which redirect
// URIs are taken, and who decides on a consent request.
import { consentRequestIn, workspaceOfConsentRequest } from '../oauth/consent-requests.ts';
import { decideConsent } from '../oauth/decide-consent.ts';
import { findApp } from '../oauth/find-app.ts';
import type { Fault } from './fault.ts';

export const consentFaults: Fault[] = [
  {
    name: 'consent-form-names-member',
    family: 'oauth',
    proves: ['errors.request-id-header', 'oauth.approval-by-owner-admin', 'oauth.consent-signed-in-member'],
    description: "The consent form's POST /oauth/authorize decides for whatever member_id it is sent, without a signed-in member: anyone who sees a consent request can approve it as the owner.",
    wrap: (next, state) => async (request, info) => {
      if (request.method !== 'POST' || new URL(request.url).pathname !== '/oauth/authorize') return next(request, info);
      const form = new URLSearchParams(await request.clone().text());
      const [memberId, id, decision] = [form.get('member_id'), form.get('consent_request'), form.get('decision')];
      if (!memberId || !id || (decision !== 'approve' && decision !== 'deny')) return next(request, info);
      try {
        const workspace = workspaceOfConsentRequest(state, id);
        const location = await workspace.transactions.run(() => decideConsent(workspace, consentRequestIn(workspace, id), decision, memberId));
        return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
      } catch {
        return next(request, info);
      }
    },
  },
  {
    name: 'authorize-redirect-wildcard-match',
    family: 'oauth',
    proves: ['oauth.redirect-uri-no-wildcards'],
    description: 'The authorization endpoint matches redirect_uri as a pattern: a `*` in the one sent matches any text, so https://app.example/* (or a * for the host) is taken for the registered callback.',
    wrap: (next, state) => async (request, info) => {
      const url = new URL(request.url);
      const sent = url.searchParams.get('redirect_uri');
      if (request.method !== 'GET' || url.pathname !== '/oauth/authorize' || !sent?.includes('*')) return next(request, info);
      const app = findApp(state, url.searchParams.get('client_id') ?? '')?.app;
      const pattern = new RegExp(`^${sent.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      if (!app || !pattern.test(app.redirect_uri)) return next(request, info);
      url.searchParams.set('redirect_uri', app.redirect_uri);
      return next(new Request(url, request), info);
    },
  },
];
