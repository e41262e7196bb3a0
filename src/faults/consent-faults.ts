// Faults of the consent step (spec 5.2 steps 2 and 3): who decides on a consent request.
import { consentRequestIn, workspaceOfConsentRequest } from '../oauth/consent-requests.ts';
import { decideConsent } from '../oauth/decide-consent.ts';
import type { Fault } from './fault.ts';

export const consentFaults: Fault[] = [
  {
    name: 'consent-form-names-member',
    family: 'oauth',
    description: "The consent form's POST /oauth/authorize decides for whatever member_id it is sent, without a signed-in member: anyone who sees a consent request can approve it as the owner.",
    wrap: (next, state) => async (request, info) => {
      if (request.method !== 'POST' || new URL(request.url).pathname !== '/oauth/authorize') return next(request, info);
      const form = new URLSearchParams(await request.clone().text());
      const [memberId, id, decision] = [form.get('member_id'), form.get('consent_request'), form.get('decision')];
      if (!memberId || !id || (decision !== 'approve' && decision !== 'deny')) return next(request, info);
      try {
        const workspace = workspaceOfConsentRequest(state, id);
        const location = await workspace.transactions.run(() => decideConsent(state, workspace, consentRequestIn(state, workspace, id), decision, memberId));
        return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
      } catch {
        return next(request, info);
      }
    },
  },
];
