// Spec 8 "form submissions per visitor IP: 10 per minute", answered 429 `rate_limited` ("form
// limits answer 429 rate_limited or form_quota_reached"). Eleven submissions go out at once from
// the suite, one visitor: on a crmkit mock, in a fresh minute of its clock, the first ten are
// taken and the eleventh refused, with Retry-After; against a deployment earlier checks may have used some of the
// minute, so one of the eleven must be refused. Runs last of its family: the limit then holds
// for a minute.
import type { ActiveCheck } from '../../check.ts';
import { submitOnce } from './form-effect-kit.ts';
import { loadConfig, needForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';

const PER_MINUTE = 10;

export const ipLimit: ActiveCheck = {
  kind: 'active',
  id: 'forms.ip-limit',
  area: 'forms',
  title: 'the 11th submission from one visitor IP within a minute answers 429 rate_limited',
  spec: '8',
  basis: 'documented',
  writes: true,
  leaves: 'used-up',
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'ip-limit');
    const { config } = await loadConfig(context, formId);
    // On a mock this moves the clock a minute on: a fresh minute of the limit.
    await waitOutMinMs(context, config);
    const answers = [];
    for (let sent = 0; sent <= PER_MINUTE; sent++) {
      const answer = await submitOnce(context, formId, validSubmission(config, person));
      answers.push(answer);
      if (answer.status === 429) break;
    }
    const refused = answers.find((answer) => answer.status === 429);
    const last = answers.at(-1)!;
    if (!refused) {
      const problem = `${answers.length} submissions from one visitor within a minute were all answered (${[...new Set(answers.map((answer) => answer.status))].join(', ')}); the 11th answers 429`;
      context.judge('forms.limit-per-ip', problem, last);
      return context.judge('forms.limit-where', problem, last);
    }
    const early = context.target.mock && answers.length <= PER_MINUTE;
    context.judge(
      'forms.limit-per-ip',
      early && `submission ${answers.length} of a fresh minute was refused; a visitor IP may submit ${PER_MINUTE} times a minute`,
      refused,
    );
    context.judge(
      'forms.limit-where',
      refused.json?.error?.code !== 'rate_limited' && `the 429 carries ${refused.json?.error?.code ?? 'no error code'}, not rate_limited`,
      refused,
    );
    // Spec 7.2, 7.3: a 429 says when to retry, in whole seconds.
    const retryAfter = refused.headers['retry-after'];
    context.judge(
      'forms.limit-retry-after',
      /^[1-9]\d*$/.test(retryAfter ?? '')
        ? undefined
        : `the 429 carries Retry-After ${retryAfter ?? '(none)'}, not whole seconds of at least 1`,
      refused,
    );
  },
};
