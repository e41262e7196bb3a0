// What is wrong with a request's credential, named in its message (issue 25, item 2). Spec 5.1
// gives every key error its code (`invalid_token`, `key_expired`, `key_revoked`), 5.2 gives an
// expired or revoked access token `invalid_token`, and 7.2 gives a request with no valid
// credential 401 without a code: so the code stays `invalid_token` for each mistake below and
// only the message (7.1: "for people ... may change") says which one it was.
import { ApiError } from '../errors/api-error.ts';
import type { Texts } from '../errors/messages.ts';

/** RFC 6750 3: a 401 names the scheme it takes. */
export const UNAUTHORIZED = { 'WWW-Authenticate': 'Bearer realm="api"' };

/** The shapes of a bearer credential: an API key (spec 5.1) or an access token (spec 5.2). */
const BEARER_SHAPE = /^svc_(live|at)_[A-Za-z0-9_-]+$/;
/** Secrets of the service that are no bearer credential: a refresh token, a code, a signing secret. */
const OTHER_SECRET = /^(svc_rt_|svc_ac_|whsec_)/;

export type CredentialProblem =
  | 'missing'
  | 'basic'
  | 'other_scheme'
  | 'bare_key'
  | 'empty_bearer'
  | 'not_bearer_secret'
  | 'malformed'
  | 'unknown'
  | 'token_expired'
  | 'token_revoked'
  | 'session_invalid';

const PROBLEMS: Record<CredentialProblem, Texts> = {
  missing: {
    en: 'The request has no Authorization header: send Authorization: Bearer <API key or access token>.',
    ru: 'В запросе нет заголовка Authorization: отправьте Authorization: Bearer <ключ API или токен доступа>.',
    uz: "So'rovda Authorization sarlavhasi yo'q: Authorization: Bearer <API kaliti yoki kirish tokeni> yuboring.",
  },
  basic: {
    en: 'The Authorization header uses the Basic scheme; the API takes Authorization: Bearer <API key or access token>.',
    ru: 'Заголовок Authorization использует схему Basic; API принимает Authorization: Bearer <ключ API или токен доступа>.',
    uz: 'Authorization sarlavhasi Basic sxemasidan foydalanadi; API Authorization: Bearer <API kaliti yoki kirish tokeni> ni qabul qiladi.',
  },
  other_scheme: {
    en: 'The Authorization header uses a scheme other than Bearer; send Authorization: Bearer <API key or access token>.',
    ru: 'Заголовок Authorization использует схему, отличную от Bearer; отправьте Authorization: Bearer <ключ API или токен доступа>.',
    uz: 'Authorization sarlavhasi Bearer emas, boshqa sxemadan foydalanadi; Authorization: Bearer <API kaliti yoki kirish tokeni> yuboring.',
  },
  bare_key: {
    en: 'The Authorization header has the credential without the scheme: write "Bearer " before it.',
    ru: 'В заголовке Authorization ключ указан без схемы: добавьте перед ним "Bearer ".',
    uz: 'Authorization sarlavhasida kalit sxemasiz berilgan: uning oldiga "Bearer " yozing.',
  },
  empty_bearer: {
    en: 'The Authorization header says Bearer but carries no credential after it.',
    ru: 'В заголовке Authorization указана схема Bearer, но после неё нет ключа.',
    uz: "Authorization sarlavhasida Bearer bor, lekin undan keyin kalit yo'q.",
  },
  not_bearer_secret: {
    en: 'The bearer value is a refresh token, an authorization code or a signing secret, not an API key or access token; exchange refresh tokens at POST /oauth/token.',
    ru: 'Передан токен обновления, код авторизации или секрет подписи, а не ключ API или токен доступа; токен обновления обменивается через POST /oauth/token.',
    uz: 'Yuborilgan qiymat yangilash tokeni, avtorizatsiya kodi yoki imzo siri, API kaliti yoki kirish tokeni emas; yangilash tokeni POST /oauth/token orqali almashtiriladi.',
  },
  malformed: {
    en: 'The bearer value is not shaped as an API key (svc_live_...) or an access token (svc_at_...).',
    ru: 'Переданное значение не похоже ни на ключ API (svc_live_...), ни на токен доступа (svc_at_...).',
    uz: 'Yuborilgan qiymat API kaliti (svc_live_...) yoki kirish tokeni (svc_at_...) shakliga ega emas.',
  },
  unknown: {
    en: 'No API key or access token has this value: it was mistyped, or belongs to another server.',
    ru: 'Нет ключа API или токена доступа с таким значением: он набран с ошибкой или относится к другому серверу.',
    uz: "Bunday qiymatli API kaliti yoki kirish tokeni yo'q: u xato yozilgan yoki boshqa serverga tegishli.",
  },
  token_expired: {
    en: 'The access token has expired (access tokens live 1 hour): refresh it at POST /oauth/token.',
    ru: 'Срок действия токена доступа истёк (он живёт 1 час): обновите его через POST /oauth/token.',
    uz: 'Kirish tokenining muddati tugagan (u 1 soat yashaydi): uni POST /oauth/token orqali yangilang.',
  },
  token_revoked: {
    en: 'The access token was revoked (the token, its refresh token or the installation was revoked).',
    ru: 'Токен доступа отозван (отозван он сам, его токен обновления или установка приложения).',
    uz: "Kirish tokeni bekor qilingan (tokenning o'zi, yangilash tokeni yoki ilova o'rnatmasi bekor qilingan).",
  },
  session_invalid: {
    en: 'The session cookie is unknown or expired, or its member is no longer active: sign in again.',
    ru: 'Cookie сессии неизвестна или истекла, либо её участник больше не активен: войдите снова.',
    uz: "Sessiya cookie fayli noma'lum yoki muddati tugagan, yoki uning a'zosi endi faol emas: qaytadan kiring.",
  },
};

/** The 401 `invalid_token` for this problem, its message naming it, with WWW-Authenticate (RFC 6750). */
export function credentialError(problem: CredentialProblem): ApiError {
  return new ApiError('invalid_token', {}, { headers: UNAUTHORIZED, detail: PROBLEMS[problem] });
}

/** The bearer value of `Authorization: Bearer <value>`, or the problem of a header that carries none. */
export function readBearer(header: string | null): { secret: string } | { problem: CredentialProblem } {
  if (header === null || header.trim() === '') return { problem: 'missing' };
  const [scheme = '', ...rest] = header.trim().split(/\s+/);
  if (/^bearer$/i.test(scheme)) return rest.length === 1 ? { secret: rest[0]! } : { problem: rest.length ? 'malformed' : 'empty_bearer' };
  if (/^basic$/i.test(scheme)) return { problem: 'basic' };
  // One word that is no scheme: the credential itself, sent without `Bearer `.
  if (rest.length === 0) return { problem: 'bare_key' };
  return { problem: 'other_scheme' };
}

/** Why a bearer value that no credential has was refused: its shape, or else that it is unknown. */
export function unknownBearerProblem(secret: string): CredentialProblem {
  if (OTHER_SECRET.test(secret)) return 'not_bearer_secret';
  return BEARER_SHAPE.test(secret) ? 'unknown' : 'malformed';
}
