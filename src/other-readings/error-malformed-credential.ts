// A bearer credential that is neither shaped as an API key (`svc_live_...`, spec 5.1) nor as an
// access token (`svc_at_...`, spec 5.2) answers 401 `malformed_credential`, not crmkit's
// `invalid_token`: 7.3 gives `invalid_token` to an access token "invalid, expired or revoked" and
// 5.1 to a key, and a value that is neither is no key or token at all; 7.2 names only the status.
// An unknown value of either shape still answers `invalid_token`, as 5.1 says.
import { onErrorCode } from '../faults/fault.ts';
import { reanswered } from './error-answer.ts';
import { bearerOf } from './error-missing-credential.ts';
import type { OtherReading } from './other-reading.ts';

const CREDENTIAL_SHAPE = /^svc_(live|at)_/;

const MALFORMED_CREDENTIAL = {
  en: 'The bearer credential is neither an API key (svc_live_...) nor an access token (svc_at_...).',
  ru: 'Учётные данные не являются ни ключом API (svc_live_...), ни токеном доступа (svc_at_...).',
  uz: "Hisob ma'lumoti na API kaliti (svc_live_...), na kirish tokeni (svc_at_...).",
};

export const ERROR_MALFORMED_CREDENTIAL: OtherReading[] = [
  {
    name: 'error-malformed-credential',
    description: 'A bearer value shaped as neither a key nor a token answers 401 malformed_credential instead of invalid_token.',
    leftOpenBy: '5.1 and 7.3 name invalid_token for keys and tokens that are invalid; a value of no credential shape is neither; 7.2: 401.',
    wrap: onErrorCode('invalid_token', (response, body, request) => {
      const bearer = bearerOf(request);
      if (bearer === undefined || CREDENTIAL_SHAPE.test(bearer)) return response;
      return reanswered(request, response, body, { code: 'malformed_credential', texts: MALFORMED_CREDENTIAL });
    }),
  },
];
