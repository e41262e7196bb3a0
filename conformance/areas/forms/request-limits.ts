// Spec 8 "form request: 32 KB, 40 answers, 5,000 characters per answer": a larger request is
// refused (413 body_too_large, the document's reading), a longer answer and 41 answers with 422
// validation_failed, while a request of exactly 32 KB (32,768 bytes, padded with JSON whitespace),
// an answer of exactly 5,000 characters and 40 answers are taken. 41 valid
// answers need a form of more than 40 fields, which a mock makes.
import type { ActiveCheck } from '../../check.ts';
import { acceptedProblem, refusalProblem } from './form-effect-kit.ts';
import { formPath, loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';
import { controlCall } from '../../mock-control.ts';

const MAX_BODY_BYTES = 32 * 1024;
const MAX_ANSWERS = 40;
const MAX_CHARACTERS = 5_000;

export const requestLimits: ActiveCheck = {
  kind: 'active',
  id: 'forms.request-limits',
  area: 'forms',
  title:
    'a form request over 32 KB answers 413 body_too_large; an answer over 5,000 characters (and on a mock, 41 answers) is refused with 422 validation_failed, one of 5,000 is taken',
  spec: '4.12, 8',
  // The 413 of the 32 KB limit is the document's reading (spec 8 gives the limit, not its answer).
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'request-limits');
    const { config } = await loadConfig(context, formId);
    await waitOutMinMs(context, config);
    const body = validSubmission(config, person);

    // Over 32 KB in all, with nothing else wrong but a long landing page address.
    const padding = 'x'.repeat(MAX_BODY_BYTES + 1024);
    const large = await submitForm(context, formId, { ...body, landing_page: `https://conformance.example/landing?pad=${padding}` });
    const size = `a form request of ${Math.round(JSON.stringify(body).length / 1024 + padding.length / 1024)} KB`;
    // Spec 8 states the 32 KB limit; its answer (413 body_too_large) and the exact size of a KB are crmkit's reading.
    const taken = large.status < 400 && `${size} was taken (${large.status}); a form request is at most 32 KB`;
    context.judge('forms.limit-request-size', taken, large);
    if (large.status >= 400) context.judge('forms.limit-request-size-answer', refusalProblem(large, 413, 'body_too_large', size), large);

    // Exactly 32 KB is within the limit (a check with >= refuses the largest request allowed).
    // send, not call: a body padded to exactly 32 KB, byte by byte, is sent raw.
    const exact = await context.client.send('POST', formPath(formId, '/submit'), {
      key: null,
      origin: 'workspace',
      rawBody: paddedTo(body, MAX_BODY_BYTES),
      headers: { 'content-type': 'application/json' },
    });
    context.judge('forms.limit-request-size-answer', acceptedProblem(exact, `a form request of exactly ${MAX_BODY_BYTES} bytes`), exact);

    // One answer of 5,001 characters, in a free-text field (the whole request stays under 32 KB).
    const text = config.fields.find((field) => field.type === 'textarea') ?? config.fields.find((field) => field.type === 'text');
    if (text) {
      const long = await submitForm(context, formId, {
        ...body,
        answers: { ...(body.answers as object), [text.id]: `conformance ${'a'.repeat(MAX_CHARACTERS)}` },
      });
      const longProblem =
        long.status < 300
          ? `an answer of ${MAX_CHARACTERS + 12} characters to ${text.id} was accepted (${long.status}); at most ${MAX_CHARACTERS} characters per answer`
          : (refusalProblem(long, 422, 'validation_failed', `an answer of ${MAX_CHARACTERS + 12} characters to ${text.id}`) ??
            (!long.json.error.fields || !(text.id in long.json.error.fields)
              ? `the 422 does not name the field ${text.id} whose answer is too long`
              : undefined));
      context.judge('forms.limit-answer-length', longProblem, long);
      // Exactly 5,000 characters is within the limit.
      const longest = await submitForm(context, formId, {
        ...body,
        answers: { ...(body.answers as object), [text.id]: 'a'.repeat(MAX_CHARACTERS) },
      });
      context.judge(
        'forms.limit-answer-length',
        acceptedProblem(longest, `an answer of exactly ${MAX_CHARACTERS} characters to ${text.id}`),
        longest,
      );
    }

    // 41 answers that are each valid need a form of more than 40 fields: a mock makes one.
    const mock = context.target.mock;
    if (!mock) {
      if (!text)
        context.skip(
          'the 32 KB limit holds; the form has no text field to send a long answer to, and the 40 answers are checked only against a crmkit mock (it needs a form of more than 40 fields)',
        );
      return;
    }
    const fields = Array.from({ length: MAX_ANSWERS + 1 }, (_, index) => ({
      id: `q${index + 1}`,
      type: 'text',
      labels: { en: `Question ${index + 1}` },
      required: false,
      autocomplete: 'off',
    }));
    const wide = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, {
      name: `conformance ${context.runId} limits`,
      min_ms: 0,
      texts: { en: { title: 'Conformance', submit: 'Send', consent: '' } },
      default_lang: 'en',
      fields: [{ id: 'phone', type: 'phone', labels: { en: 'Phone' }, required: true, autocomplete: 'tel' }, ...fields],
    });
    const { config: wideConfig } = await loadConfig(context, wide.id);
    const answers = (count: number) => ({
      phone: person.phone,
      ...Object.fromEntries(fields.slice(0, count - 1).map((field) => [field.id, 'conformance'])),
    });
    const forty = await submitForm(context, wide.id, { token: wideConfig.token, answers: answers(MAX_ANSWERS), lang: 'en' });
    context.judge('forms.limit-answers', acceptedProblem(forty, `a submission of ${MAX_ANSWERS} answers`), forty);
    const fortyOne = await submitForm(context, wide.id, { token: wideConfig.token, answers: answers(MAX_ANSWERS + 1), lang: 'en' });
    const tooMany = `a submission of ${MAX_ANSWERS + 1} answers`;
    const accepted = fortyOne.status < 300 && `${tooMany} was accepted (${fortyOne.status}); at most ${MAX_ANSWERS} answers`;
    context.judge('forms.limit-answers', accepted, fortyOne);
    // Spec 8 states the 40 answers; their refusal as 422 validation_failed is crmkit's reading.
    if (!accepted) context.judge('forms.limit-answers-answer', refusalProblem(fortyOne, 422, 'validation_failed', tooMany), fortyOne);
  },
};

/** `body` as JSON followed by spaces (insignificant whitespace) up to exactly `bytes` bytes. */
function paddedTo(body: Record<string, unknown>, bytes: number): string {
  const json = JSON.stringify(body);
  return json + ' '.repeat(bytes - Buffer.byteLength(json));
}
