// Faults in what every answer carries: the request id, the content type, the error envelope,
// documented statuses, no 5xx.
import { messageFor } from '../errors/messages.ts';
import { changed, jsonOf, onErrorCode, type Fault } from './fault.ts';
import { onOperation } from './request-match.ts';
import { addressIn } from './addresses.ts';

/** A request id of the service's own, as a deployment makes one when it refuses the caller's. */
const ownRequestId = () => `req_${crypto.randomUUID().replaceAll('-', '')}`;

export const responseFaults: Fault[] = [
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
    name: 'json-as-text',
    area: 'conventions',
    proves: ['conventions.response-content-type'],
    description: 'JSON answers say Content-Type: text/plain.',
    wrap: (next) => async (request, info) => changed(await next(request, info), { headers: { 'content-type': 'text/plain' } }),
  },
  {
    name: 'not-found-as-409',
    area: 'conventions',
    proves: [
      'conventions.id-opaque-exact',
      'conventions.ids-only-elsewhere',
      'conventions.version-path',
      'conventions.oauth-outside-v1',
      'errors.status-404',
      'leads.trash-unchangeable',
    ],
    description: 'An unknown id answers 409, a status the document does not list for reads.',
    wrap: onErrorCode('not_found', (response) => changed(response, { status: 409 })),
  },
  {
    name: 'unknown-id-crashes',
    area: 'conventions',
    proves: [
      'conventions.id-opaque-exact',
      'conventions.ids-only-elsewhere',
      'conventions.version-path',
      'conventions.oauth-outside-v1',
      'errors.docs-url-names-code',
      'errors.status-404',
      'errors.status-5xx',
      'leads.trash-unchangeable',
    ],
    description: 'An unknown id makes the server fail with 500.',
    wrap: onErrorCode('not_found', (response, body) =>
      changed(response, { status: 500, body: { error: { ...body.error, code: 'internal' } } }),
    ),
  },
  {
    name: 'lead-without-currency',
    area: 'conventions',
    proves: [
      'conventions.money-integer',
      'responses.shape.list-leads',
      'responses.shape.create-lead',
      'responses.shape.get-lead',
      'responses.shape.update-lead',
      'responses.shape.restore-lead',
    ],
    description: 'Leads are answered without their currency field.',
    // The operations that answer a lead or a page of them (the others under /v1/leads answer no lead).
    wrap: onOperation(['listLeads', 'createLead', 'getLead', 'updateLead', 'restoreLead'], async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      if (!body) return response;
      const strip = (lead: any) => {
        if (lead && typeof lead === 'object' && 'currency' in lead && 'stage_id' in lead) delete lead.currency;
      };
      strip(body);
      (body.data ?? []).forEach(strip);
      return changed(response, { body });
    }),
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
    name: 'request-id-truncated',
    area: 'limits',
    proves: ['limits.request-id-64'],
    description:
      "A caller's X-Request-Id is cut to 36 characters (kept in a UUID-sized column), so a valid id of up to 64 characters comes back changed.",
    wrap: (next) => async (request, info) => {
      const supplied = request.headers.get('x-request-id');
      if (!supplied || supplied.length <= 36) return next(request, info);
      const headers = new Headers(request.headers);
      headers.set('x-request-id', supplied.slice(0, 36));
      return next(new Request(request, { headers }), info);
    },
  },
  {
    name: 'json-without-charset',
    area: 'conventions',
    proves: ['conventions.response-content-type'],
    description: 'JSON answers say Content-Type: application/json without charset=utf-8.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      return response.headers.get('content-type')?.startsWith('application/json')
        ? changed(response, { headers: { 'content-type': 'application/json' } })
        : response;
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
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'request-id-64-replaced',
    area: 'limits',
    proves: ['limits.request-id-64'],
    description:
      "A caller's X-Request-Id of exactly 64 characters is replaced by one of the service's own: the length is checked with < 64 (spec 7.1, 8: up to 64).",
    wrap: (next) => (request, info) => {
      if ((request.headers.get('x-request-id') ?? '').length !== 64) return next(request, info);
      const headers = new Headers(request.headers);
      headers.delete('x-request-id');
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
  // Found by the tenth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'request-id-65-accepted',
    area: 'limits',
    proves: ['limits.request-id-over-64'],
    description:
      "A caller's X-Request-Id of 65 to 128 allowed characters is used and returned: the length is checked against 128 (spec 7.1: up to 64).",
    wrap: (next) => async (request, info) => {
      const sent = request.headers.get('x-request-id') ?? '';
      const response = await next(request, info);
      if (sent.length <= 64 || sent.length > 128 || !/^[A-Za-z0-9._-]+$/.test(sent)) return response;
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      const withId = body?.error ? { error: { ...body.error, request_id: sent } } : undefined;
      return changed(response, { headers: { 'x-request-id': sent }, ...(withId ? { body: withId } : {}) });
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
