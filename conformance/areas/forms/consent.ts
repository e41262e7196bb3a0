import type { ActiveCheck } from '../../check.ts';
import { loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';

export const consent: ActiveCheck = {
  kind: 'active',
  id: 'forms.consent',
  area: 'forms',
  title: 'on a form with consent text, a submission without consent: true (left out, or false) is refused',
  spec: '4.12',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'consent');
    const { config } = await loadConfig(context, formId);
    if (config.consent === '')
      context.skip('the form has no consent text, so a submission needs no consent: give --form-id of a form with one');
    await waitOutMinMs(context, config);
    // Which status refuses it is not shown by the spec (forms.consent-answer holds it to 422); that it is refused is.
    // Only a refusal of the body counts: a 409, 429... would refuse the submission for another reason.
    for (const [what, value] of [
      ['without consent', undefined],
      ['with consent: false', false],
    ] as const) {
      const answer = await submitForm(context, formId, validSubmission(config, person, { consent: value }));
      if (answer.status !== 400 && answer.status !== 422)
        context.fail(
          `a submission ${what} answered ${answer.status}, not a refusal of its body (400 or 422); consent is required true when the form has a consent text`,
          answer,
        );
    }
  },
};
