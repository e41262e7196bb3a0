import type { ActiveCheck } from '../../check.ts';
import { expectDropped, loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';

export const honeypot: ActiveCheck = {
  kind: 'active',
  id: 'forms.honeypot',
  area: 'forms',
  title: 'a submission with the hidden website field filled answers the same 201 and creates no client or lead',
  spec: '4.12',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'honeypot');
    const { config } = await loadConfig(context, formId);
    // Past min_ms: only the honeypot may be the reason it is dropped.
    await waitOutMinMs(context, config);
    const trapped = await submitForm(context, formId, validSubmission(config, person, { website: 'https://cheap-offers.example/' }));
    await expectDropped(context, trapped, person, 'a submission with website filled');
  },
};
