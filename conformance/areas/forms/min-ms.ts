// Spec 2.14 and 4.12: `min_ms` is the minimum time between load and submit, which the token
// proves; a submission sent sooner answers the same 201 as a success but is dropped.
import type { ActiveCheck } from '../../check.ts';
import { expectDropped, loadConfig, needForm, submitForm, validSubmission, visitor } from '../../kits/form-kit.ts';

export const minMs: ActiveCheck = {
  kind: 'active',
  id: 'forms.min-ms',
  area: 'forms',
  title: 'a submission sent sooner than min_ms after loading answers the same 201 and creates no client or lead',
  spec: '2.14, 4.12',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'min-ms');
    const { config, loadedAtMs } = await loadConfig(context, formId);
    if (config.min_ms <= 0) context.skip('the form has min_ms 0: no submission is too fast for it');
    const fast = await submitForm(context, formId, validSubmission(config, person));
    const elapsed = Date.now() - loadedAtMs;
    // The submission went at once; a slow network could still have taken longer than a small min_ms.
    if (elapsed >= config.min_ms)
      context.skip(`the submission reached the service ${elapsed} ms after loading, not sooner than min_ms ${config.min_ms}`);
    // One outcome proves the three rules: the too-fast submission is told apart by its token, and dropped.
    await expectDropped(context, fast, person, `a submission sent ${elapsed} ms after loading (min_ms ${config.min_ms})`);
  },
};
