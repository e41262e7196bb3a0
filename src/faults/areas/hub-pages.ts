// Mutants of the shapes of the hub's pages (openapi/paths/hub.yaml, oauth.yaml; the rules
// responses.shape.<operation> of the sign-in and the consent form): a hub written with an API
// framework answers JSON where the document gives a page, or a redirect with a body. Part of the
// responses area's mutants (responses.ts); conventions.body-schema must see them on the sign-in
// that oauth.consent-signed-in opens and posts, and on the consent decisions.
import type { Fault } from '../fault.ts';
import { onOperation } from '../request-match.ts';
import { jsonAnswer } from './handler-answer.ts';

export const hubPageMutants: Fault[] = [
  {
    name: 'sign-in-page-as-json',
    area: 'conventions',
    proves: ['responses.shape.hub-sign-in-page'],
    description:
      'GET /signin answers the description of its form as JSON ({fields, next}) for a script to draw, where the document gives the sign-in page (text/html) (spec 5.2: the hub is a site a person signs in on).',
    alsoRun: ['oauth.consent-signed-in'],
    wrap: onOperation('hubSignInPage', async (next, request, info) => {
      const answer = await next(request, info);
      const nextPage = new URLSearchParams(request.url.split('?')[1] ?? '').get('next');
      return answer.status === 200 ? jsonAnswer(answer, 200, { fields: ['email', 'password'], next: nextPage }) : answer;
    }),
  },
  {
    name: 'sign-in-failure-redirects-with-json',
    area: 'conventions',
    proves: ['responses.shape.hub-sign-in'],
    description:
      "A wrong email or password is answered 303 back to the sign-in page with a JSON body {error: 'wrong_credentials'} (the handler redirects as after a success, and its framework writes a body), where the document gives the page again (401) and a redirect no body.",
    alsoRun: ['oauth.consent-signed-in'],
    wrap: onOperation('hubSignIn', async (next, request, info) => {
      const answer = await next(request, info);
      if (answer.status !== 401) return answer;
      return jsonAnswer(answer, 303, { error: 'wrong_credentials' }, { location: '/signin?error=wrong_credentials' });
    }),
  },
  {
    name: 'hub-redirects-with-json-body',
    area: 'conventions',
    proves: ['responses.shape.submit-consent'],
    description:
      "The hub's redirects (after sign-in and after consent) carry a JSON body {location}, as its framework writes every answer, where the document gives them none (spec 5.2).",
    alsoRun: ['oauth.consent-signed-in', 'oauth.consent'],
    wrap: onOperation(['hubSignIn', 'submitConsent'], async (next, request, info) => {
      const answer = await next(request, info);
      const location = answer.headers.get('location');
      if (answer.status < 300 || answer.status >= 400 || !location) return answer;
      return jsonAnswer(answer, answer.status, { location });
    }),
  },
];
