// Mutants of serving a public form (spec 2.14, 4.12, 8): its config, the widget, allowed
// websites and CORS, pausing, and the limits of a visitor.
import type { Workspace } from '../../workspaces/workspace.ts';
import { findForm } from '../../resources/forms/find-form.ts';
import { issueFormToken } from '../../resources/forms/form-token.ts';
import { presentConfig } from '../../resources/forms/form-config.ts';
import { textsKey } from '../../resources/forms/form-language.ts';
import type { MockState } from '../../mock-state.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { originOf, queryOf } from '../addresses.ts';
import { errorAnswer, onOperation, withQuery } from '../request-match.ts';
import { hostedPage } from '../../resources/forms/hosted-page.ts';
import { formOf, withBody } from '../form-requests.ts';

/** The form API on {workspace_url} (spec 4.12): the configuration and the submission, each with its CORS preflight. */
const FORM_API = ['getFormConfig', 'preflightFormConfig', 'submitForm', 'preflightFormSubmit'] as const satisfies readonly OperationId[];

const FORM_BODY_LIMIT = 32 * 1024;

/** form-ip-limit-tenth-refused's own count of submissions per visitor and minute, per mock and workspace. */
const visitorWindows = (state: MockState) =>
  faultMemory(state, 'form-ip-limit-tenth-refused', () => new WeakMap<Workspace, Map<string, { startMs: number; count: number }>>());

/** The CORS headers of an answer, to keep on one put in its place. */
function corsOf(response: Response): Record<string, string> {
  const cors: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith('access-control-')) cors[name] = value;
  });
  return cors;
}

/** The same request with other headers (null removes one). */
function withHeaders(request: Request, change: Record<string, string | null>): Request {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(change)) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return new Request(request, { headers });
}

/** Answers of a form route get `headers` (the origin the page sent, when it is named `$origin`). */
function onFormAnswers(headers: Record<string, string>) {
  return onOperation(FORM_API, async (next, request, info) => {
    const response = await next(request, info);
    const origin = request.headers.get('origin');
    const set = Object.fromEntries(
      Object.entries(headers)
        .map(([name, value]) => [name, value === '$origin' ? origin : value])
        .filter((entry): entry is [string, string] => entry[1] !== null),
    );
    return changed(response, { headers: set });
  });
}

/** Answers of a form route get a changed Cache-Control when the path is `/widget.js` and `versioned` says whether `?v=` is there. */
function widgetCache(versioned: boolean, cacheControl: string) {
  return onOperation('getWidgetScript', async (next, request, info) => {
    const sentVersion = queryOf(request).has('v');
    const response = await next(request, info);
    return sentVersion === versioned ? changed(response, { headers: { 'cache-control': cacheControl } }) : response;
  });
}

export const formsServingMutants: readonly Fault[] = [
  {
    // Readings review: forms.limit-request-size is stated (8 "Form request | 32 KB").
    name: 'form-long-urls-cut-before-size-check',
    area: 'forms',
    proves: ['forms.limit-request-size'],
    description:
      "A submission's referrer and landing_page are cut to 2,048 characters before the 32 KB check, so a request over 32 KB padded in them is taken (spec 8: form request 32 KB).",
    wrap: onOperation('submitForm', async (next, request, info) => {
      const raw = await request.clone().text();
      const body =
        raw.length > 32_768
          ? await request
              .clone()
              .json()
              .catch(() => undefined)
          : undefined;
      if (!body || typeof body !== 'object') return next(request, info);
      const cut = (value: unknown) => (typeof value === 'string' ? value.slice(0, 2048) : value);
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      const shorter = { ...body, referrer: cut(body.referrer), landing_page: cut(body.landing_page) };
      return next(new Request(request.url, { method: 'POST', headers, body: JSON.stringify(shorter) }), info);
    }),
  },
  {
    name: 'form-widget-cached-a-day',
    area: 'forms',
    proves: ['forms.widget-cache-five-minutes'],
    description:
      '/widget.js (without ?v=) is served with Cache-Control max-age=86400, a CDN default, so a fix of the script takes a day to reach pages instead of five minutes.',
    wrap: widgetCache(false, 'public, max-age=86400'),
  },
  {
    name: 'form-widget-version-not-immutable',
    area: 'forms',
    proves: ['forms.widget-version-immutable'],
    description: '/widget.js?v=<version> is served like the plain address (max-age=300), not immutable.',
    wrap: widgetCache(true, 'public, max-age=300'),
  },
  {
    name: 'form-hosted-page-origin-refused',
    area: 'forms',
    proves: ['forms.origins-hosted-page'],
    description:
      "A form's allowed websites are enforced on its own hosted page too: a restricted form cannot be loaded or submitted from {workspace_url} (403 origin_not_allowed).",
    wrap: (next, state) =>
      onOperation(FORM_API, async (inner, request, info, routed) => {
        const origin = request.headers.get('origin');
        const found = origin ? formOf(state, routed) : undefined;
        if (!found || found.form.allowed_origins.length === 0 || origin !== originOf(request)) return inner(request, info);
        return inner(withHeaders(request, { origin: 'https://hosted-page.invalid' }), info);
      })(next, state),
  },
  {
    name: 'form-unknown-id-not-found',
    area: 'forms',
    proves: ['errors.docs-url-names-code', 'forms.unavailable-deleted'],
    description: 'A form id that no form has (a deleted form) answers 404 not_found instead of form_unavailable.',
    wrap: (next, state) =>
      onOperation(FORM_API, async (inner, request, info, routed) => {
        const unknown = !formOf(state, routed);
        const response = await inner(request, info);
        if (!unknown || response.status !== 404) return response;
        const body = await jsonOf(response);
        return body?.error?.code === 'form_unavailable'
          ? changed(response, { body: { error: { ...body.error, code: 'not_found' } } })
          : response;
      })(next, state),
  },
  {
    name: 'form-burst-limit-missing',
    area: 'forms',
    proves: ['forms.limit-per-form-burst'],
    description:
      'The per-form burst of 60 is not enforced: a submission beyond it is answered 201 as if taken (only the daily 2,000 and the per-IP limit hold).',
    wrap: (next, state) =>
      onOperation('submitForm', async (inner, request, info, routed) => {
        const response = await inner(request, info);
        if (response.status !== 429) return response;
        const body = await jsonOf(response);
        const found = formOf(state, routed);
        if (body?.error?.reason !== 'form_burst' || !found) return response;
        return new Response(JSON.stringify({ ok: true, success: 'Thank you!', redirect_url: found.form.redirect_url }), {
          status: 201,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'x-request-id': response.headers.get('x-request-id') ?? 'req_fault',
          },
        });
      })(next, state),
  },
  {
    name: 'form-ip-limit-missing',
    area: 'forms',
    proves: ['forms.limit-per-ip', 'forms.limit-where'],
    description:
      'Submissions are not limited per visitor IP (the limit keys on the connection, so every request is a new visitor): the 11th within a minute is taken.',
    wrap: onOperation('submitForm', async (next, request, info) =>
      next(request, { ...info, clientAddress: `198.51.100.${Math.floor(Math.random() * 250)}:${Math.floor(Math.random() * 60000)}` }),
    ),
  },
  {
    name: 'form-origins-not-checked',
    area: 'forms',
    proves: ['forms.origins-refused', 'forms.error-origin-not-allowed'],
    description:
      "A form's allowed websites are not enforced: any origin may load and submit it (and is echoed in Access-Control-Allow-Origin) instead of 403 origin_not_allowed.",
    wrap: onOperation(FORM_API, async (next, request, info) => {
      const origin = request.headers.get('origin');
      if (!origin) return next(request, info);
      // The mock lets a request without Origin through (a same-origin or non-browser caller).
      const response = await next(withHeaders(request, { origin: null }), info);
      return changed(response, { headers: { 'access-control-allow-origin': origin } });
    }),
  },
  {
    name: 'form-origin-prefix-match',
    area: 'forms',
    proves: ['forms.origins-refused', 'forms.error-origin-not-allowed'],
    description:
      'An origin is allowed when it starts with an allowed website, so https://shop.example.elsewhere.example passes for https://shop.example.',
    wrap: (next, state) =>
      onOperation(FORM_API, async (inner, request, info, routed) => {
        const origin = request.headers.get('origin');
        const allowed = origin
          ? formOf(state, routed)?.form.allowed_origins.find((entry) => !entry.includes('*') && origin.startsWith(entry))
          : undefined;
        if (!origin || !allowed || allowed === origin) return inner(request, info);
        const response = await inner(withHeaders(request, { origin: allowed }), info);
        return changed(response, {
          headers: response.headers.has('access-control-allow-origin') ? { 'access-control-allow-origin': origin } : {},
        });
      })(next, state),
  },
  {
    name: 'form-cors-allows-credentials',
    area: 'forms',
    proves: ['forms.cors-no-credentials'],
    description:
      'The form routes answer Access-Control-Allow-Credentials: true (echoing the page origin), although CORS never allows credentials.',
    wrap: onFormAnswers({ 'access-control-allow-credentials': 'true', 'access-control-allow-origin': '$origin' }),
  },
  {
    name: 'form-config-without-token',
    area: 'forms',
    proves: ['forms.config-fields', 'forms.config-token-proves-load'],
    description: 'The form configuration leaves out token, so a widget has nothing to submit with.',
    wrap: onOperation('getFormConfig', async (next, request, info) => {
      const response = await next(request, info);
      if (response.status !== 200) return response;
      const { token: _left, ...config } = (await jsonOf(response)) ?? {};
      return changed(response, { body: config });
    }),
  },
  {
    name: 'form-paused-still-loads',
    area: 'forms',
    proves: ['errors.request-id-header', 'forms.unavailable-paused', 'forms.error-form-unavailable'],
    description: 'A paused form still answers its configuration (200, with a token); only submissions get 404 form_unavailable.',
    wrap: (next, state) =>
      onOperation('getFormConfig', async (inner, request, info, routed) => {
        const found = formOf(state, routed);
        if (!found || found.form.status === 'active') return inner(request, info);
        const { workspace, form } = found;
        const key = textsKey(form, queryOf(request).get('lang') ?? undefined, request.headers.get('accept-language'));
        const config = presentConfig(form, key, await issueFormToken(state, workspace, form));
        return new Response(JSON.stringify(config), {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        });
      })(next, state),
  },
  {
    name: 'form-body-too-large-as-422',
    area: 'forms',
    proves: ['errors.docs-url-names-code', 'forms.limit-request-size-answer'],
    description: 'A form request over 32 KB answers 422 validation_failed instead of 413 body_too_large.',
    wrap: onOperation(FORM_API, (next, request, info) =>
      onErrorCode('body_too_large', (response, body) =>
        changed(response, { status: 422, body: { error: { ...body.error, code: 'validation_failed', fields: {} } } }),
      )(next)(request, info),
    ),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'form-config-lang-ignored',
    area: 'forms',
    proves: ['forms.lang-query'],
    description: "The form configuration ignores ?lang= and answers in the form's default language (spec 4.12).",
    wrap: onOperation('getFormConfig', (next, request, info) =>
      next(
        withQuery(request, (query) => query.delete('lang')),
        info,
      ),
    ),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'form-origin-scheme-ignored',
    area: 'forms',
    proves: ['forms.origins-refused', 'forms.origins-hosted-page', 'forms.error-origin-not-allowed'],
    description:
      'Allowed websites are matched on the host alone: http://shop.example.uz loads and submits a form that allows https://shop.example.uz (spec 4.12: only those origins).',
    wrap: onOperation(FORM_API, async (next, request, info) => {
      const origin = request.headers.get('origin');
      if (!origin?.startsWith('http://')) return next(request, info);
      const headers = new Headers(request.headers);
      headers.set('origin', `https://${origin.slice('http://'.length)}`);
      const response = await next(new Request(request, { headers }), info);
      const allowed = response.headers.get('access-control-allow-origin');
      return allowed && allowed !== '*' ? changed(response, { headers: { 'access-control-allow-origin': origin } }) : response;
    }),
  },
  {
    name: 'form-body-32kb-exact-refused',
    area: 'forms',
    proves: ['forms.limit-request-size-answer'],
    description:
      'A form submission of exactly 32 KB (32,768 bytes) is refused as too large: the check is size >= 32 KB (spec 8: form request 32 KB).',
    wrap: onOperation('submitForm', async (next, request, info) => {
      const bytes = new Uint8Array(await request.clone().arrayBuffer());
      if (bytes.length !== FORM_BODY_LIMIT) return next(request, info);
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return next(new Request(request.url, { method: 'POST', headers, body: `${new TextDecoder().decode(bytes)} ` }), info);
    }),
  },
  // Found by the fifth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'form-hosted-page-paused-served',
    area: 'forms',
    proves: ['errors.request-id-header', 'forms.hosted-page-paused'],
    description:
      "A paused form's hosted page /f/{form_id} is still served (200, the form shown): only the API routes look at the status, instead of 404 form_unavailable (spec 4.12: paused or deleted forms answer 404).",
    wrap: (next, state) =>
      onOperation('getHostedFormPage', async (inner, request, info, routed) => {
        const response = await inner(request, info);
        const found = response.status === 404 ? findForm(state, routed.params.form_id!) : undefined;
        return found ? hostedPage(found.form, textsKey(found.form, undefined, request.headers.get('accept-language'))) : response;
      })(next, state),
  },
  {
    name: 'form-config-sets-cookie',
    area: 'forms',
    proves: ['forms.no-cookies'],
    description:
      'The form configuration sets a visitor cookie (svc_visitor, SameSite=None) to count returning visitors, where the public form routes use no cookies (spec 4.12: no API key and no cookies).',
    wrap: onOperation('getFormConfig', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      return changed(response, {
        headers: { 'set-cookie': `svc_visitor=${crypto.randomUUID()}; Path=/; Max-Age=31536000; SameSite=None; Secure` },
      });
    }),
  },
  {
    name: 'form-ip-limit-tenth-refused',
    area: 'forms',
    proves: ['forms.limit-per-ip', 'forms.limit-per-form-burst'],
    description:
      'The per-visitor limit refuses the 10th submission within a minute (429 rate_limited): the check is count + 1 >= 10 (spec 8: 10 per minute per visitor IP).',
    wrap: (next, state) =>
      onOperation('submitForm', async (inner, request, info, routed) => {
        const found = formOf(state, routed);
        if (!found || found.form.status !== 'active') return inner(request, info);
        const nowMs = found.workspace.now();
        const windows = visitorWindows(state);
        const ips = windows.get(found.workspace) ?? new Map<string, { startMs: number; count: number }>();
        windows.set(found.workspace, ips);
        const ip = info?.clientAddress ?? 'unknown';
        let window = ips.get(ip);
        if (!window || nowMs >= window.startMs + 60_000 || nowMs < window.startMs) ips.set(ip, (window = { startMs: nowMs, count: 0 }));
        if (window.count + 1 < 10) {
          window.count += 1;
          return inner(request, info);
        }
        const response = await inner(withBody(request, {}), info);
        const retryAfter = String(Math.max(1, Math.ceil((window.startMs + 60_000 - nowMs) / 1000)));
        return errorAnswer(
          state,
          response,
          429,
          { code: 'rate_limited', message: 'Too many requests.', reason: 'ip_per_minute', limit: 10 },
          { 'Retry-After': retryAfter, ...corsOf(response) },
        );
      })(next, state),
  },
  {
    name: 'form-rate-limited-without-retry-after',
    area: 'forms',
    proves: ['forms.limit-retry-after'],
    description:
      "A submission refused by a form limit answers 429 rate_limited without the Retry-After header (the form routes' own error path forgets it) (spec 7.3: rate_limited carries Retry-After).",
    wrap: onOperation(FORM_API, (next, request, info) =>
      onErrorCode('rate_limited', (response) => changed(response, { headers: { 'retry-after': null } }))(next)(request, info),
    ),
  },
  // The 32,768-byte half of the form request limit (docs/readings-review.md; issue 22, H2 item 4).
  {
    name: 'form-size-limit-inclusive',
    area: 'forms',
    description:
      'The form request limit is checked with >= instead of >: a request of exactly 32 KB (32,768 bytes) is refused with 413 (spec 8: form request 32 KB).',
    proves: ['forms.limit-request-size-answer'],
    wrap: onOperation('submitForm', async (next, request, info) => {
      const raw = await request.clone().text();
      if (Buffer.byteLength(raw, 'utf8') !== 32_768) return next(request, info);
      // One byte over, so that the mock's own size check answers as it does for a larger request.
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return next(new Request(request.url, { method: 'POST', headers, body: `${raw} ` }), info);
    }),
  },
];
