// Mutants of the public forms rules (spec 2.14 the configuration, 4.12 the routes and what a
// submission does), issue 23 item 2: each breaks the rules it names the way another team's
// implementation might, and a check of the forms family must fail them. They act through the
// handler seams by operationId (`alterInput`: the handler's misreading of what was sent;
// `aroundHandler`: its answer), or on the raw request of a form operation (`onOperation`) where
// the bug is in reading a header.
import { ApiError } from '../../errors/api-error.ts';
import type { HandlerContext, HandlerResult } from '../../http/handler.ts';
import { containsCardNumber } from '../../resources/forms/card-numbers.ts';
import { findForm } from '../../resources/forms/find-form.ts';
import { changed, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { onOperation } from '../request-match.ts';
import { answerAltered } from './handler-answer.ts';
import { bodyOf } from './handler-input.ts';
import { formClientMutants } from './form-clients.ts';

const FORM_CALLS = ['getFormConfig', 'submitForm'] as const;
const ORIGIN_CALLS = ['getFormConfig', 'submitForm', 'preflightFormConfig', 'preflightFormSubmit'] as const;

/** The host of an Origin header (`https://a.b.shop.example:8443` → `a.b.shop.example`). */
const originHost = (origin: string) => (origin.split('//')[1] ?? '').split(':')[0] ?? '';

/** The same request with another Origin header. */
function withOrigin(request: Request, origin: string): Request {
  const headers = new Headers(request.headers);
  headers.set('origin', origin);
  return new Request(request, { headers });
}

/** The answers a submission sent (an object keyed by field id), or none. */
const answersOf = (input: { body: unknown }) => {
  const answers = bodyOf(input).answers;
  return answers && typeof answers === 'object' && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
};

/** Runs the handler, and hands a refusal it throws to `refuse` (which throws its own, or gives the error back to be thrown). */
const onRefusal =
  (refuse: (error: ApiError, context: HandlerContext) => ApiError) =>
  async (next: () => Promise<HandlerResult>, context: HandlerContext): Promise<HandlerResult> => {
    try {
      return await next();
    } catch (error) {
      throw error instanceof ApiError ? refuse(error, context) : error;
    }
  };

const EFFECTS: Fault[] = [
  {
    name: 'form-client-answers-by-label',
    area: 'forms',
    proves: ['forms.effect-new-client', 'forms.submit-answers-by-field-id'],
    description:
      'A new client\'s contact is filled from the answers looked up by field label instead of field id, so it gets none of them: no phone, no email, the name "Website visitor" (spec 4.12: answers keyed by field id reach the client).',
    operations: ['submitForm'],
    // In the submission's transaction, in the form's workspace (http/handler.ts: workspaceOf).
    aroundHandler: async (next, { workspace }) => {
      if (!workspace) return next();
      const { contacts } = workspace.tables;
      const before = new Set([...contacts.values()].map((contact) => contact.id));
      const result = await next();
      for (const contact of [...contacts.values()]) {
        if (!before.has(contact.id))
          await contacts.update(contact.id, (draft) => void Object.assign(draft, { name: 'Website visitor', phones: [], emails: [] }));
      }
      return result;
    },
  },
  {
    name: 'form-card-refusal-names-answers',
    area: 'forms',
    proves: ['forms.card-numbers-field-error', 'forms.field-errors'],
    description:
      'A card number is refused by a scanner run over the whole answers object, with 422 fields keyed `answers` instead of the field the number was typed in (spec 4.12: field errors keyed by field id).',
    operations: ['submitForm'],
    aroundHandler: onRefusal((error, context) => {
      const carded = Object.values(answersOf(context.input)).some((answer) => typeof answer === 'string' && containsCardNumber(answer));
      return carded && error.code === 'validation_failed'
        ? new ApiError('validation_failed', { fields: { answers: 'card numbers are not accepted' } })
        : error;
    }),
  },
  {
    name: 'form-too-many-answers-bad-json',
    area: 'forms',
    proves: ['forms.limit-answers-answer'],
    description:
      'A submission of more than 40 answers is refused 400 bad_json by the body schema (maxProperties), as the API answers a malformed body, instead of 422 validation_failed (spec 7.3, 8).',
    operations: ['submitForm'],
    aroundHandler: onRefusal((error, context) =>
      error.code === 'validation_failed' && Object.keys(answersOf(context.input)).length > 40 ? new ApiError('bad_json') : error,
    ),
  },
];

/** The answers of `operation` that succeeded, with another Content-Type. */
const servedAs = (operation: 'getWidgetScript' | 'getHostedFormPage', contentType: string) =>
  onOperation(operation, async (next, request, info) => {
    const answer = await next(request, info);
    return answer.ok ? changed(answer, { headers: { 'Content-Type': contentType } }) : answer;
  });

const PAGES: Fault[] = [
  {
    name: 'widget-served-as-text',
    area: 'forms',
    proves: ['forms.route-widget'],
    description:
      'widget.js is served from the static bucket with Content-Type text/plain, so browsers with nosniff refuse to run it (spec 4.12: the embeddable script).',
    wrap: servedAs('getWidgetScript', 'text/plain; charset=utf-8'),
  },
  {
    name: 'hosted-page-served-as-text',
    area: 'forms',
    proves: ['forms.route-hosted-page'],
    description:
      "The form's hosted page is answered with Content-Type text/plain, so browsers show its HTML source instead of the page (spec 4.12: the hosted page).",
    wrap: servedAs('getHostedFormPage', 'text/plain; charset=utf-8'),
  },
  {
    name: 'hosted-page-of-deleted-form-served',
    area: 'forms',
    proves: ['forms.hosted-page-unavailable'],
    description:
      "The hosted page /f/{form_id} of a form that no longer exists answers 200 with the page's shell (it loads the configuration in the browser, which then fails), instead of 404 (spec 4.12: paused or deleted forms answer 404).",
    wrap: (next, state) =>
      onOperation('getHostedFormPage', async (inner, request, info, routed) => {
        const response = await inner(request, info);
        if (response.status !== 404 || findForm(state, routed.params.form_id!)) return response;
        const shell = '<!doctype html><title>Form</title><div id="svc-form"></div>';
        return new Response(shell, {
          status: 200,
          headers: { ...Object.fromEntries(response.headers), 'content-type': 'text/html; charset=utf-8' },
        });
      })(next, state),
  },
];

/** How long the buggy configuration cache keeps a form's answer, token and all (an hour, as a CDN's max-age). */
const CONFIG_CACHE_MS = 60 * 60 * 1000;

/** The origin (scheme, host and port) of an absolute URL, by its text: `https://a.b:8443/x` → `https://a.b:8443`. */
const originOfUrl = (url: string) => url.split('/').slice(0, 3).join('/');

const ORIGINS_AND_TOKENS: Fault[] = [
  {
    name: 'form-config-cached-with-token',
    area: 'forms',
    proves: ['forms.token-reload'],
    description:
      'The configuration is cached an hour per form with its token, and a stale entry is served once more while it is refreshed (stale-while-revalidate): the first load after a quiet day gives the day-old token, which answers form_expired (spec 2.14, 4.12: every load gives a token that proves when the form was loaded).',
    operations: ['getFormConfig'],
    aroundHandler: async (next, context) => {
      const result = await next();
      const formId = String(context.input.path.form_id);
      const workspace = findForm(context.state, formId)?.workspace;
      if (result instanceof Response || !workspace || (result.status ?? 200) !== 200) return result;
      const cache = faultMemory(context.state, 'form-config-cached-with-token', () => new Map<string, { token: string; atMs: number }>());
      const fresh = (result.body as { token: string }).token;
      const cached = cache.get(formId);
      const nowMs = workspace.now();
      if (!cached || nowMs - cached.atMs >= CONFIG_CACHE_MS) cache.set(formId, { token: fresh, atMs: nowMs });
      return cached ? { ...result, body: { ...(result.body as object), token: cached.token } } : result;
    },
  },
  {
    name: 'form-empty-origin-list-refuses-all',
    area: 'forms',
    proves: ['forms.origins-open-without-list'],
    description:
      'A form without allowed websites refuses every website but the hosted page with 403 origin_not_allowed: the handler tests `allowed_origins.some(...)`, which no origin passes on an empty list (spec 4.12: the list restricts a form that has one).',
    operations: ORIGIN_CALLS,
    alterInput: (input, context) => {
      const origin = context.request.headers.get('origin');
      const form = findForm(context.state, String(input.path.form_id))?.form;
      const hostedPage = [originOfUrl(context.state.config.urls.workspace_url), originOfUrl(context.request.url)];
      if (origin !== null && form?.allowed_origins.length === 0 && !hostedPage.includes(origin)) throw new ApiError('origin_not_allowed');
      return input;
    },
  },
];

export const formsMutants: Fault[] = [
  ...EFFECTS,
  ...PAGES,
  ...ORIGINS_AND_TOKENS,
  ...formClientMutants,
  {
    name: 'form-routes-need-api-key',
    area: 'forms',
    proves: ['forms.route-config', 'forms.no-credentials', 'auth.public-forms-no-credentials'],
    description:
      "The form routes sit behind the API's authentication: loading or submitting without an Authorization header answers 401 (spec 4.12, 5.1: public forms need no credentials).",
    operations: FORM_CALLS,
    alterInput: (input, context: HandlerContext) => {
      if (!context.request.headers.has('authorization')) throw new ApiError('invalid_token');
      return input;
    },
  },
  {
    name: 'form-token-read-from-header',
    area: 'forms',
    proves: ['forms.route-submit', 'forms.submit-token'],
    description:
      "A submission's token is read from an X-Form-Token header the widget of an older version sent, and the body's `token` is ignored, so every submission answers form_expired (spec 4.12: the token of the configuration, in the body).",
    operations: ['submitForm'],
    alterInput: (input, context) => {
      const { token: _ignored, ...body } = bodyOf(input);
      const fromHeader = context.request.headers.get('x-form-token');
      return { ...input, body: fromHeader ? { ...body, token: fromHeader } : body };
    },
  },
  {
    name: 'form-fields-without-autocomplete',
    area: 'forms',
    proves: ['forms.config-field-fields'],
    description:
      "The configuration's fields leave out `autocomplete` (the field serializer lists the fields the editor shows), where each is {id, type, label, required, autocomplete} (spec 2.14).",
    operations: ['getFormConfig'],
    aroundHandler: answerAltered((config) =>
      Array.isArray(config?.fields)
        ? { ...config, fields: config.fields.map(({ autocomplete: _dropped, ...field }: any) => field) }
        : config,
    ),
  },
  {
    name: 'form-consent-null-without-text',
    area: 'forms',
    proves: ['forms.config-consent-empty'],
    description: 'A form without consent text shows `consent: null` (the empty column as it is), where it is the empty string (spec 2.14).',
    operations: ['getFormConfig'],
    aroundHandler: answerAltered((config) => (config?.consent === '' ? { ...config, consent: null } : config)),
  },
  {
    name: 'form-utm-required',
    area: 'forms',
    proves: ['forms.submit-optional-fields'],
    description:
      'A submission without `utm` is refused 422 (the body schema marks utm required, as the widget always sends it), where utm, referrer, landing_page and lang are optional (spec 4.12).',
    operations: ['submitForm'],
    alterInput: (input) => {
      if (bodyOf(input).utm === undefined) throw new ApiError('validation_failed', { fields: { utm: 'required' } });
      return input;
    },
  },
  {
    name: 'form-website-read-from-referer',
    area: 'forms',
    proves: ['forms.origins-exact'],
    description:
      'The website a form is loaded from is read from the Referer header, not Origin: a fetch without a Referer (Referrer-Policy: no-referrer) counts as no website, and a form with allowed websites refuses it (spec 4.12: the Origin is checked).',
    // The mock reads Origin: it is given the origin the buggy reader makes of the Referer, or "null" without one.
    wrap: onOperation(ORIGIN_CALLS, (next, request, info) => {
      if (!request.headers.has('origin')) return next(request, info);
      const referer = request.headers.get('referer');
      const fromReferer = referer ? referer.split('/').slice(0, 3).join('/') : 'null';
      return next(withOrigin(request, fromReferer), info);
    }),
  },
  {
    name: 'form-wildcard-one-label-deep',
    area: 'forms',
    proves: ['forms.origins-subdomains'],
    description:
      'An allowed website https://*.shop.example matches one label only (www.shop.example, not a.b.shop.example): the wildcard is turned into [^.]+ (spec 4.12: the subdomains of that domain).',
    // The mock refuses the deeper origin as it would a foreign one: its host is taken as not under the domain.
    wrap: onOperation(ORIGIN_CALLS, (next, request, info) => {
      const origin = request.headers.get('origin');
      const labels = origin === null ? [] : originHost(origin).split('.');
      const deep = labels.length > 3 && !/^\d+$/.test(labels.at(-1) ?? '');
      return next(deep ? withOrigin(request, 'https://not-under-the-domain.invalid') : request, info);
    }),
  },
];
