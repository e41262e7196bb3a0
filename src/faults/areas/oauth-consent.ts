// Mutants of the consent decision's callback (spec 5.2 steps 2 to 4): where the hub sends the
// browser after an approval or a denial, each the bug of another team's hub, on the raw answers
// of the authorize and consent routes (`onOperation`: the bug is in a redirect). Part of the oauth
// area's mutants (oauth.ts); oauth.consent must fail them.
import { errorPage, htmlResponse } from '../../oauth/consent-page.ts';
import { changed, type Fault } from '../fault.ts';
import { onOperation } from '../request-match.ts';

/** The consent form's redirects with their Location changed by `alter`. */
const callbackChanged = (alter: (location: string) => string) =>
  onOperation('submitConsent', async (next, request, info) => {
    const answer = await next(request, info);
    const location = answer.headers.get('location');
    return answer.status >= 300 && answer.status < 400 && location ? changed(answer, { headers: { location: alter(location) } }) : answer;
  });

export const consentCallbackMutants: Fault[] = [
  {
    name: 'code-issued-without-prefix',
    area: 'oauth',
    proves: ['oauth.code-prefix'],
    description:
      "The callback carries the code without its svc_ac_ prefix (ac_...: the prefix is added back by the token endpoint's lookup), where the code starts with svc_ac_ (spec 5.2).",
    wrap: callbackChanged((location) => location.replace(/([?&]code=)svc_ac_/, '$1ac_')),
  },
  {
    name: 'denial-error-consent-denied',
    area: 'oauth',
    proves: ['oauth.denial-access-denied'],
    description:
      "A denial sends the browser back with error=consent_denied, a code of the hub's own, where it is access_denied (spec 5.2, RFC 6749 4.1.2.1).",
    wrap: callbackChanged((location) => location.replace(/([?&]error=)access_denied\b/, '$1consent_denied')),
  },
  {
    name: 'authorize-redirect-uri-required',
    area: 'oauth',
    proves: ['oauth.authorize-redirect-optional'],
    description:
      'The authorize endpoint requires redirect_uri: a request without it is shown an error page, where an app with exactly one redirect URI may leave it out (spec 5.2).',
    wrap: onOperation('authorize', async (next, request, info) => {
      const answer = await next(request, info);
      if (new URLSearchParams(request.url.split('?')[1] ?? '').has('redirect_uri')) return answer;
      const page = htmlResponse(errorPage('Invalid request', 'redirect_uri is required.'), 400);
      return changed(page, { headers: { 'x-request-id': answer.headers.get('x-request-id') } });
    }),
  },
];
