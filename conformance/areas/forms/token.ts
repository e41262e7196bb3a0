// Spec 2.14, 4.12 and 7.3: the token proves when the form was loaded; a missing, forged or
// day-old token answers 409 form_expired, and loading the configuration again gives a token
// that works. The day is waited out only on a crmkit mock, whose clock the suite moves (the
// forms checks after this one make their own fresh tokens).
import type { ActiveCheck } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';
import { acceptedProblem, refusalProblem } from './form-effect-kit.ts';
import { forgedToken, loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';
import { advanceMockClock } from '../../mock-control.ts';

export const token: ActiveCheck = {
  kind: 'active',
  id: 'forms.token',
  area: 'forms',
  title: 'a submission with a missing or forged token (on a mock also a day-old one) answers 409 form_expired; a token loaded again works',
  spec: '2.14, 4.12, 7.3',
  basis: 'documented',
  writes: true,
  leaves: 'moved-clock',
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'token');
    const { config } = await loadConfig(context, formId);
    // Past min_ms, so that only the token is wrong: a fast submission may be dropped before it is read.
    await waitOutMinMs(context, config);
    const body = validSubmission(config, person);
    const expired = (rule: string, exchange: Exchange, what: string) => {
      const problem = refusalProblem(exchange, 409, 'form_expired', what);
      context.judge(rule, problem, exchange);
      context.judge('forms.error-form-expired', problem, exchange);
      context.judge('forms.config-token-proves-load', problem, exchange);
    };
    expired('forms.token-missing', await submitForm(context, formId, { ...body, token: undefined }), 'a submission without a token');
    expired(
      'forms.token-forged',
      await submitForm(context, formId, { ...body, token: forgedToken(config.token) }),
      'a submission whose token had one character changed',
    );
    // A day is waited out only on a mock, whose clock the suite can move.
    if (!context.target.mock) {
      for (const rule of ['forms.token-day-old', 'forms.token-reload'])
        context.skipRule(rule, 'a day-old token takes a day to make; checked against a crmkit mock, whose clock the suite moves');
      return;
    }
    const { config: later } = await loadConfig(context, formId);
    await advanceMockClock(context, 24 * 60 * 60 + 1);
    expired(
      'forms.token-day-old',
      await submitForm(context, formId, validSubmission(later, person)),
      'a submission with a token loaded a day and a second earlier',
    );
    const { config: reloaded } = await loadConfig(context, formId);
    await waitOutMinMs(context, reloaded);
    const again = await submitForm(context, formId, validSubmission(reloaded, person));
    context.judge(
      'forms.token-reload',
      acceptedProblem(again, 'after form_expired, a submission with the token of a configuration loaded again'),
      again,
    );
  },
};
