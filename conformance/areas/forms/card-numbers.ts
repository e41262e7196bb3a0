// Spec 4.12: "card numbers are refused", here as a field error (422 validation_failed with
// `fields` keyed by the field's id), also for a number typed in groups as people type it.
import type { ActiveCheck } from '../../check.ts';
import { refusalProblem } from './form-effect-kit.ts';
import { loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';

/** A test card number (Visa, passes the Luhn check), written in groups the way people type it. */
const CARD = '4111 1111 1111 1111';

export const cardNumbers: ActiveCheck = {
  kind: 'active',
  id: 'forms.card-numbers',
  area: 'forms',
  title: 'an answer carrying a payment card number is refused: 422 validation_failed naming the field',
  spec: '4.12',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'card');
    const { config } = await loadConfig(context, formId);
    // A free-text field, where a visitor could type anything; the name field will do.
    const field =
      config.fields.find((candidate) => candidate.type === 'textarea') ?? config.fields.find((candidate) => candidate.type === 'text');
    if (!field) return context.skip('the form has no text field to type a card number into');
    await waitOutMinMs(context, config);
    const body = validSubmission(config, person);
    const answer = await submitForm(context, formId, {
      ...body,
      answers: { ...(body.answers as object), [field.id]: `conformance ${CARD}` },
    });
    context.judge(
      'forms.card-numbers',
      answer.status < 300 && `a card number in the answer to ${field.id} was accepted (${answer.status}); card numbers are refused`,
      answer,
    );
    if (answer.status < 300) return;
    // Spec 4.12 states the refusal; crmkit reads it as a field error (422 validation_failed with fields keyed by field id).
    const problem =
      refusalProblem(answer, 422, 'validation_failed', `a card number in the answer to ${field.id}`) ??
      (!answer.json.error.fields || !(field.id in answer.json.error.fields) ? `the 422 does not name the field ${field.id}` : undefined);
    context.judge('forms.card-numbers-field-error', problem, answer);
    context.judge('forms.field-errors', problem, answer);
  },
};
