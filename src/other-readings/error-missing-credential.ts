// A request that carries no credential at all (no Authorization header, another scheme than
// Bearer such as Basic or a bare key, no session cookie) answers 401 `missing_credentials`, not
// crmkit's `invalid_token`: spec 7.3 gives `invalid_token` to an access token "invalid, expired or
// revoked" and 5.1 to a key; for a request that sends none, 7.2 names only the status (401, "no
// valid credentials"), and 9 lets codes the spec does not list appear ("handled by status").
import { sessionTokenOf } from '../auth/session.ts';
import { onErrorCode } from '../faults/fault.ts';
import { reanswered } from './error-answer.ts';
import type { OtherReading } from './other-reading.ts';

const MISSING_CREDENTIALS = {
  en: 'The request carries no credential: send Authorization: Bearer <API key or access token>.',
  ru: 'В запросе нет учётных данных: отправьте Authorization: Bearer <ключ API или токен доступа>.',
  uz: "So'rovda hisob ma'lumotlari yo'q: Authorization: Bearer <API kaliti yoki kirish tokeni> yuboring.",
};

/** The bearer credential the request sends, if any (`Authorization: Bearer <value>`). */
export function bearerOf(request: Request): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
}

export const ERROR_MISSING_CREDENTIAL: OtherReading[] = [
  {
    name: 'error-missing-credential',
    description: 'A request with no credential (none, Basic, a bare key) answers 401 missing_credentials instead of invalid_token.',
    leftOpenBy: '7.3 names invalid_token for a token "invalid, expired or revoked"; 7.2 gives a request without credentials 401, no code.',
    wrap: onErrorCode('invalid_token', (response, body, request) => {
      if (bearerOf(request) !== undefined || sessionTokenOf(request) !== undefined) return response;
      return reanswered(request, response, body, { code: 'missing_credentials', texts: MISSING_CREDENTIALS });
    }),
  },
];
