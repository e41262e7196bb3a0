// Mutants of the error answers (spec 7): each is one bug of a real implementation in the envelope,
// the code, the language or the status of its refusals, on the raw answer (the error as sent).
import { messageFor } from '../../errors/messages.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from '../fault.ts';
import { onOperation } from '../request-match.ts';

/** Runs `next`, and lets `alter` change any error answer in the envelope (given the request's headers). */
function onEnvelope(alter: (error: any, response: Response, headers: Headers) => Response | undefined) {
  return (next: Handle): Handle =>
    async (request, info) => {
      const headers = new Headers(request.headers);
      const response = await next(request, info);
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      return (body?.error && typeof body.error === 'object' && alter(body.error, response, headers)) || response;
    };
}

const isOtherLanguage = (headers: Headers) => !/^\s*(en\b|$)/i.test(headers.get('accept-language') ?? '');

export const errorsMutants: Fault[] = [
  {
    name: 'error-default-language-uzbek',
    area: 'errors',
    proves: ['errors.message-english-default'],
    description:
      "Without Accept-Language, error messages are in Uzbek, the workspace's language, not in English (spec 7.1: en is the default).",
    wrap: onEnvelope((error, response, headers) =>
      headers.has('accept-language')
        ? undefined
        : changed(response, { body: { error: { ...error, message: messageFor(error.code, 'uz') } } }),
    ),
  },
  {
    name: 'localized-unknown-field-as-validation',
    area: 'errors',
    proves: ['errors.code-status', 'errors.codes-unchanged-by-language', 'errors.docs-url-names-code'],
    description:
      'In a language other than English, an unknown field is reported by the localized validator as validation_failed instead of unknown_field (spec 7.1: codes do not change with the language).',
    wrap: onErrorCode('unknown_field', (response, body, request) =>
      isOtherLanguage(request.headers) ? changed(response, { body: { error: { ...body.error, code: 'validation_failed' } } }) : response,
    ),
  },
  {
    name: 'localized-fields-folded-into-message',
    area: 'errors',
    proves: ['errors.field-names-unchanged-by-language', 'errors.envelope', 'errors.message-language-range'],
    description:
      'In a language other than English, the field problems are folded into error.message and `fields` is left out (spec 7.1: field names do not change with the language).',
    wrap: onEnvelope((error, response, headers) => {
      if (!isOtherLanguage(headers) || !error.fields) return undefined;
      const { fields, ...rest } = error;
      const problems = Object.entries(fields as Record<string, string>).map(([field, problem]) => `${field}: ${problem}`);
      return changed(response, { body: { error: { ...rest, message: [rest.message, ...problems].join(' ') } } });
    }),
  },
  {
    name: 'forbidden-code-reason-phrase',
    area: 'conventions',
    proves: [
      'errors.code-snake-case',
      'errors.docs-url-names-code',
      'conventions.unknown-field-named',
      'conventions.wrong-type',
      'errors.validation-failed',
      'errors.bad-json',
      'errors.unknown-field',
    ],
    description:
      'A 403 refusal takes its code from the HTTP reason phrase: "Forbidden" instead of the snake_case forbidden (spec 7.1: code is a stable snake_case code).',
    wrap: onErrorCode('forbidden', (response, body) => changed(response, { body: { error: { ...body.error, code: 'Forbidden' } } })),
  },
  {
    name: 'forbidden-as-401',
    area: 'errors',
    proves: ['errors.forbidden'],
    description:
      'A request that is not allowed (a first-party-only route called with an API key) answers forbidden with status 401 instead of 403 (spec 7.2).',
    wrap: onErrorCode('forbidden', (response) => changed(response, { status: 401 })),
  },
  {
    name: 'unknown-id-crashes-framework-code',
    area: 'conventions',
    proves: [
      'errors.internal',
      'errors.status-5xx',
      'errors.status-404',
      'errors.docs-url-names-code',
      'conventions.id-opaque-exact',
      'conventions.ids-only-elsewhere',
      'conventions.version-path',
      'conventions.oauth-outside-v1',
      'leads.trash-unchangeable',
    ],
    description:
      "An unknown id makes the lookup crash, and the framework's error handler answers 500 with its own code internal_server_error (spec 7.3: a failure answers 500 internal).",
    wrap: onErrorCode('not_found', (response, body) =>
      changed(response, { status: 500, body: { error: { ...body.error, code: 'internal_server_error' } } }),
    ),
  },
  {
    name: 'limit-reached-without-used',
    // Of the webhooks area by the rules it proves: the one limit a run can reach is the webhooks' plan count.
    area: 'webhooks',
    // The webhooks' plan limit names `used` too (spec 4.11, part 8).
    proves: ['errors.extra-limit-reached', 'webhooks.limit-reached'],
    description:
      'limit_reached leaves out `used`, how much of the limit is taken (spec 7.1: limit_reached carries key, limit, used, plan and upgrade_to).',
    wrap: onErrorCode('limit_reached', (response, body) => {
      const { used: _used, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  {
    name: 'record-read-own-404',
    area: 'errors',
    proves: ['errors.not-found', 'errors.complete-list-not-shown', 'errors.message-russian'],
    description:
      'A read of an unknown lead, contact, company or task answers a hand-made 404 {error: {code: record_not_found, message}}, without request_id and docs_url (spec 7.3: not_found; a code outside the table still comes in the envelope).',
    wrap: onOperation(['getLead', 'getContact', 'getCompany', 'getTask'], async (next, request, info) => {
      const response = await next(request, info);
      const body = response.status === 404 ? await jsonOf(response) : undefined;
      if (body?.error?.code !== 'not_found') return response;
      return changed(response, { body: { error: { code: 'record_not_found', message: 'Record not found' } } });
    }),
  },
];
