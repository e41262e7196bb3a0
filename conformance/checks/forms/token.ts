import type { ActiveCheck } from '../../check.ts';
import { expectRefusal, forgedToken, loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs } from '../../form-kit.ts';
import { advanceMockClock } from '../../mock-control.ts';

export const token: ActiveCheck = {
  kind: 'active',
  id: 'forms.token',
  family: 'forms',
  title: 'a submission with a missing or forged token (on a mock also a day-old one) answers 409 form_expired',
  spec: '4.12, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'token');
    const { config } = await loadConfig(context, formId);
    // Past min_ms, so that only the token is wrong: a fast submission may be dropped before it is read.
    await waitOutMinMs(context, config);
    const body = validSubmission(config, person);
    const missing = await submitForm(context, formId, { ...body, token: undefined });
    expectRefusal(context, missing, 409, 'form_expired', 'a submission without a token');
    const forged = await submitForm(context, formId, { ...body, token: forgedToken(config.token) });
    expectRefusal(context, forged, 409, 'form_expired', 'a submission whose token had one character changed');
    // A day is waited out only on a mock, whose clock the suite can move.
    if (context.target.mock) {
      const { config: later } = await loadConfig(context, formId);
      await advanceMockClock(context, 24 * 60 * 60 + 1);
      const dayOld = await submitForm(context, formId, validSubmission(later, person));
      expectRefusal(context, dayOld, 409, 'form_expired', 'a submission with a token loaded a day and a second earlier');
    }
  },
};
