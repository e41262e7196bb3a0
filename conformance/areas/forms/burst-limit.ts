// Spec 8 "form submissions per form: 2,000 per day, at most 60 in a burst", answered 429
// rate_limited. Ten submissions a minute (under the per-IP limit) go to a form of the check's own
// until it refuses one: the first 60 are taken, and the refusal comes before the burst could have
// refilled at the daily rate (2,000 a day, one every 43.2 seconds). It takes some 70 submissions
// and a form no visitor uses, so it runs only on a crmkit mock (whose clock the suite moves a
// minute on every ten); flooding a deployment's form would be no test but a nuisance.
import type { ActiveCheck } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';
import { submitOnce } from './form-effect-kit.ts';
import { loadConfig, validSubmission, visitor } from '../../kits/form-kit.ts';
import { advanceMockClock, controlCall } from '../../mock-control.ts';

const BURST = 60;
const PER_DAY = 2_000;
const PER_MINUTE_FROM_ONE_IP = 10;
const MAX_SUBMISSIONS = 100;

export const burstLimit: ActiveCheck = {
  kind: 'active',
  id: 'forms.burst-limit',
  area: 'forms',
  title: 'a form takes 60 submissions in a burst, then answers 429 rate_limited until the burst refills at the daily rate',
  spec: '8',
  basis: 'documented',
  writes: true,
  leaves: 'used-up',
  async run(context) {
    const mock =
      context.target.mock ??
      context.skip(
        "a burst of more than 60 submissions would flood a real form; checked against a crmkit mock, on a form of the check's own",
      );
    const form = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, {
      name: `conformance ${context.runId} burst`,
      min_ms: 0,
    });
    const person = visitor(context, 'burst');
    const { config } = await loadConfig(context, form.id);
    let refused: Exchange | undefined;
    let sent = 0;
    let minutes = 0;
    while (!refused && sent < MAX_SUBMISSIONS) {
      // A fresh minute of the per-IP limit for every ten.
      await advanceMockClock(context, 60);
      if (sent > 0) minutes += 1;
      for (let index = 0; index < PER_MINUTE_FROM_ONE_IP && !refused; index++) {
        const answer = await submitOnce(context, form.id, validSubmission(config, person));
        sent += 1;
        if (answer.status === 429) refused = answer;
        else if (answer.status !== 201)
          context.fail(
            `submission ${sent} of the burst answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 201 or 429`,
            answer,
          );
      }
    }
    if (!refused) {
      context.judge(
        'forms.limit-per-form-burst',
        `${sent} submissions to one form in ${minutes} minutes were all taken; at most ${BURST} in a burst`,
      );
      return;
    }
    // The burst refills one submission every 43.2 seconds: in `minutes` minutes, that many more may pass.
    const refill = Math.ceil((minutes * 60 * PER_DAY) / 86_400);
    const early = sent <= BURST && `submission ${sent} of the burst was refused; a form takes ${BURST} in a burst`;
    const late =
      sent > BURST + refill + 1 &&
      `submission ${sent} was the first refused, after ${minutes} minutes; ${BURST} in a burst and ${refill} refilled allow no more than ${BURST + refill}`;
    context.judge('forms.limit-per-form-burst', early || late, refused);
    context.judge(
      'forms.limit-where',
      refused.json?.error?.code !== 'rate_limited' && `the 429 carries ${refused.json?.error?.code ?? 'no error code'}, not rate_limited`,
      refused,
    );
  },
};
