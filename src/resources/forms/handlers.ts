// Handlers of the public website form routes on `{workspace_url}` (spec 4.12), by operationId.
// They carry no credential: the form's id names the workspace, and whatever a submission changes
// happens as the system (spec 6.1 actor `system`: no member or key of the workspace acted), in one
// transaction of that workspace. CORS headers are added around them (form-cors.ts).
import { ApiError } from '../../errors/api-error.ts';
import { inAddressedWorkspace, type HandlerContext, type TagHandlers } from '../../http/handler.ts';
import { systemContext } from '../records/record-context.ts';
import { applySubmission } from './apply-submission.ts';
import { checkAnswers } from './check-answers.ts';
import { presentConfig, textsOf } from './form-config.ts';
import { languageOf, textsKey } from './form-language.ts';
import { takeSubmission } from './form-limits.ts';
import { DEFAULT_SUCCESS } from './form-messages.ts';
import { originVerdict, refuseForeignOrigin } from './form-origins.ts';
import type { FieldProblems } from './form-problems.ts';
import { issueFormToken, loadedAt } from './form-token.ts';
import { availableForm, findForm } from './find-form.ts';
import { hostedPage, unavailablePage, wantsJson } from './hosted-page.ts';
import { answeredRedirectUrl } from './redirect-url.ts';
import { isPlainObject, readSubmission } from './submission-body.ts';
import { widgetScript } from './widget-script.ts';

export const formsHandlers: TagHandlers<'Forms'> = {
  async getFormConfig(context) {
    const { state, request, input } = context;
    const { workspace, form } = availableForm(state, input.path.form_id);
    refuseForeignOrigin(state, form, request);
    const key = textsKey(form, input.query.lang, request.headers.get('accept-language'));
    const token = await issueFormToken(state, workspace, form);
    // Every load carries a fresh token: a cached configuration would carry a stale one.
    return { body: presentConfig(form, key, token), headers: { 'Cache-Control': 'no-store' } };
  },

  preflightFormConfig: (context) => preflight(context, 'GET, OPTIONS'),

  // A submission changes the workspace of the form it names (spec 4.12), as the system.
  submitForm: inAddressedWorkspace(
    ({ state, input }) => findForm(state, input.path.form_id)?.workspace,
    async (context) => {
      const { state, request, input } = context;
      const { workspace, form } = availableForm(state, input.path.form_id);
      refuseForeignOrigin(state, form, request);
      const key = textsKey(form, langSent(input.body), request.headers.get('accept-language'));
      const language = languageOf(key);
      const texts = textsOf(form, key);
      const accepted = {
        status: 201,
        body: { ok: true, success: texts.success ?? DEFAULT_SUCCESS[language], redirect_url: answeredRedirectUrl(form.redirect_url) },
      };
      takeSubmission(workspace, form.id, context.clientAddress ?? 'unknown', workspace.now());
      const body = readSubmission(context, language);
      const loadedAtMs = await loadedAt(state, workspace, form, body.token);
      // Too fast for a person, or the honeypot filled: the same answer as a success, so a bot learns nothing; nothing is kept.
      if (workspace.now() - loadedAtMs < form.min_ms || (body.website ?? '').trim() !== '') return accepted;
      // Spec 4.12: `consent` must be true when the form has a consent text (in the language shown).
      const consent: FieldProblems = texts.consent !== '' && body.consent !== true ? { consent: 'consent' } : {};
      const records = systemContext(state, workspace);
      const checked = checkAnswers(records, form, body.answers, language, consent);
      await applySubmission(records, { form, checked, body, language, textsKey: key });
      return accepted;
    },
  ),

  preflightFormSubmit: (context) => preflight(context, 'POST, OPTIONS'),

  getWidgetScript: ({ input }) => widgetScript(input.query.v),

  getHostedFormPage({ state, request, input }) {
    const found = findForm(state, input.path.form_id);
    if (!found || found.form.status !== 'active') {
      if (wantsJson(request.headers.get('accept'))) throw new ApiError('form_unavailable');
      return unavailablePage(request.headers.get('accept-language'));
    }
    return hostedPage(found.form, textsKey(found.form, undefined, request.headers.get('accept-language')));
  },
};

/**
 * The browser's CORS preflight: 204 with the methods and headers a page may use, or 403
 * `origin_not_allowed`. An unknown or paused form passes, so that the page can read the 404
 * `form_unavailable` of the request itself. Access-Control-Allow-Origin comes from form-cors.ts.
 */
function preflight(
  { state, request, input }: Pick<HandlerContext, 'state' | 'request'> & { input: { path: { form_id: string } } },
  methods: string,
): Response {
  const form = findForm(state, input.path.form_id)?.form;
  if (!originVerdict(state, form, request).allowed) throw new ApiError('origin_not_allowed');
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': methods,
      'Access-Control-Allow-Headers': 'Content-Type, Accept-Language, X-Request-Id',
      'Access-Control-Max-Age': '600',
    },
  });
}

/** The `lang` of a body not checked yet: the language its errors are written in. */
function langSent(body: unknown): string | undefined {
  const lang = isPlainObject(body) ? body.lang : undefined;
  return typeof lang === 'string' ? lang : undefined;
}
