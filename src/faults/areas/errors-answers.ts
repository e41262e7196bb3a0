// Mutants of what every answer carries (spec 7.1, 7.2): the request id, the error envelope and its
// docs_url, the language of messages, the status and details of a refusal.
import { messageFor } from '../../errors/messages.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { addressIn } from '../addresses.ts';

/** A request id of the service's own, as a deployment makes one when it refuses the caller's. */
const ownRequestId = () => `req_${crypto.randomUUID().replaceAll('-', '')}`;

export const errorsAnswersMutants: readonly Fault[] = [
  {
    // Readings review: errors.docs-url is stated (7.1 "docs_url | page for the code"), so a breach must fail.
    name: 'docs-url-relative',
    area: 'errors',
    proves: ['errors.docs-url'],
    description:
      'error.docs_url is a path relative to the documentation site (/errors/not_found), not an address (spec 7.1: the page for the code).',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      const docsUrl = typeof body?.error?.docs_url === 'string' ? addressIn(body.error.docs_url) : undefined;
      if (!docsUrl) return response;
      const { pathname, hash } = docsUrl;
      return changed(response, { body: { ...body, error: { ...body.error, docs_url: `${pathname}${hash}` } } });
    },
  },
  {
    name: 'no-request-id',
    area: 'errors',
    proves: ['errors.request-id-header'],
    description: 'Answers carry no X-Request-Id header.',
    wrap: (next) => async (request, info) => changed(await next(request, info), { headers: { 'x-request-id': null } }),
  },
  {
    name: 'request-id-not-echoed',
    area: 'errors',
    proves: ['errors.request-id-own'],
    description: "A caller's valid X-Request-Id is replaced by one of the mock's own.",
    wrap: (next) => async (request, info) => {
      const headers = new Headers(request.headers);
      headers.delete('x-request-id');
      return next(new Request(request, { headers }), info);
    },
  },
  {
    name: 'error-without-docs-url',
    area: 'errors',
    proves: ['errors.envelope'],
    description: 'Error envelopes leave out docs_url.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      if (!body?.error) return response;
      const { docs_url: _dropped, ...error } = body.error;
      return changed(response, { body: { error } });
    },
  },
  {
    name: 'messages-always-english',
    area: 'errors',
    proves: ['errors.message-russian', 'errors.message-uzbek'],
    description: 'Error messages are always in English: Accept-Language is not read (the translations were never wired in).',
    wrap: (next) => async (request, info) => {
      const headers = new Headers(request.headers);
      headers.delete('accept-language');
      return next(new Request(request, { headers }), info);
    },
  },
  {
    name: 'not-found-with-fields',
    area: 'errors',
    proves: ['errors.docs-url-names-code', 'errors.fields-only-field-problems'],
    description:
      'An unknown id answers not_found with fields naming the path parameter, as if it were a field problem, and a docs_url that is one page for every code.',
    wrap: onErrorCode('not_found', (response, body) =>
      // One page for every code: the code's own page with the code cut off.
      changed(response, {
        body: { error: { ...body.error, fields: { id: 'not found' }, docs_url: String(body.error.docs_url).replace(/\/[^/]*$/, '') } },
      }),
    ),
  },
  {
    name: 'forbidden-without-permission',
    area: 'errors',
    proves: ['errors.extra-permission'],
    description: 'forbidden answers leave out the permission key spec 7.1 adds to them.',
    wrap: onErrorCode('forbidden', (response, body) => {
      const { permission: _permission, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  {
    name: 'english-details-in-every-language',
    area: 'errors',
    proves: ['errors.message-russian', 'errors.message-uzbek'],
    description:
      "An error's detail, worded by the code that refused (a body that is not one object, a note's edit window, a form's 32 KB), is sent in English whatever Accept-Language asks, in place of the ru or uz message.",
    wrap: (next) => async (request, info) => {
      const language = (request.headers.get('accept-language') ?? '').slice(0, 2).toLowerCase();
      if (language !== 'ru' && language !== 'uz') return next(request, info);
      const copy = request.clone();
      const response = await next(request, info);
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      if (!body?.error) return response;
      // The same refusal asked in English (a refused request changed nothing): its message is the detail.
      const headers = new Headers(copy.headers);
      headers.set('accept-language', 'en');
      const english = await jsonOf(await next(new Request(copy, { headers }), info));
      const detail = english?.error?.message;
      if (typeof detail !== 'string' || english.error.code !== body.error.code || detail === messageFor(body.error.code, 'en'))
        return response;
      return changed(response, { body: { error: { ...body.error, message: detail } } });
    },
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'region-language-as-english',
    area: 'errors',
    proves: ['errors.message-language-range'],
    description: 'Accept-Language with a region (ru-RU, uz-UZ) is not matched to its language: messages come in English (spec 7.1).',
    wrap: (next) => (request, info) => {
      const language = request.headers.get('accept-language') ?? '';
      if (!/^\s*(ru|uz)-[A-Za-z]/i.test(language)) return next(request, info);
      const headers = new Headers(request.headers);
      headers.set('accept-language', 'en');
      return next(new Request(request, { headers }), info);
    },
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'accept-language-weights-ignored',
    area: 'errors',
    proves: ['errors.message-language-range'],
    description:
      'Accept-Language is read as its first tag whatever the q weights say: "en;q=0.1, ru;q=0.9" answers in English (spec 7.1: the language of Accept-Language).',
    wrap: (next) => (request, info) => {
      const header = request.headers.get('accept-language');
      if (!header || !header.includes(',')) return next(request, info);
      const headers = new Headers(request.headers);
      headers.set('accept-language', header.split(',')[0]!.split(';')[0]!.trim());
      return next(new Request(request, { headers }), info);
    },
  },
  {
    name: 'request-id-with-dot-replaced',
    area: 'errors',
    proves: ['errors.request-id-own'],
    // The one check that sends a caller's id with a dot (the observer judges its exchanges).
    alsoRun: ['limits.request-id-length'],
    description:
      "A caller's X-Request-Id containing a dot (web.42.a) is replaced by one of the service's own: the allowed characters are letters, digits, - and _ only (spec 7.1: letters, digits, -, _, .).",
    wrap: (next) => async (request, info) => {
      const sent = request.headers.get('x-request-id');
      const response = await next(request, info);
      if (!sent || !sent.includes('.') || response.headers.get('x-request-id') !== sent) return response;
      const own = ownRequestId();
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      const withId = body?.error ? { error: { ...body.error, request_id: own } } : undefined;
      return changed(response, { headers: { 'x-request-id': own }, ...(withId ? { body: withId } : {}) });
    },
  },
  {
    name: 'docs-url-one-page',
    area: 'errors',
    proves: ['errors.docs-url-names-code'],
    description:
      "Every error envelope's docs_url points at the one errors index page, not a page for its code (spec 7.1: docs_url is the page for the code).",
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      if (response.status < 400) return response;
      const body = await jsonOf(response);
      if (typeof body?.error?.docs_url !== 'string') return response;
      return changed(response, {
        body: { error: { ...body.error, docs_url: body.error.docs_url.replace(/\/errors\/[^/]*$/, '/errors') } },
      });
    },
  },
];
