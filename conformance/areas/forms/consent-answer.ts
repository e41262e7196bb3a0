import type { ActiveCheck } from '../../check.ts';
import { expectRefusal, loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';

export const consentAnswer: ActiveCheck = {
  kind: 'active',
  id: 'forms.consent-answer',
  area: 'forms',
  title: 'a submission without consent on a form with consent text answers 422 validation_failed naming consent',
  spec: '4.12, 7.3',
  // The document's reading: the spec requires consent but does not show the status of its refusal.
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'consent-answer');
    const { config } = await loadConfig(context, formId);
    if (config.consent === '')
      context.skip('the form has no consent text, so a submission needs no consent: give --form-id of a form with one');
    await waitOutMinMs(context, config);
    const answer = await submitForm(context, formId, validSubmission(config, person, { consent: undefined }));
    expectRefusal(context, answer, 422, 'validation_failed', 'a submission without consent');
    if (!answer.json.error.fields || !('consent' in answer.json.error.fields))
      context.fail('the 422 does not name consent in fields', answer);
  },
};
