// The one allowance of the rule-by-rule mutation test (mutation-suite.ts): rules of another area
// than those a fault proves that fail under it today, each with the reason. Measured with
// scripts/measure-fault-proofs.ts over all 495 faults: these 6 faults, 17 rules (and trashed-leads-still-listed of src/faults/areas/, 3 more); every other
// fault fails no rule outside its areas but observers' rules. Each entry is a check that judges
// several areas' rules as one outcome, or one that stops at the fault's break; a check that judges
// them one by one (context.judge) takes its entry out.
export type CrossAreaAllowance = { rules: readonly string[]; why: string };

/** state.trash-and-restore judges the trash's rules of leads, conventions and errors as one outcome. */
const TRASH_CHECK = 'state.trash-and-restore fails as a whole when one step of the trash breaks, so every rule it judges fails with it';

/** forms.configuration and forms.submission judge auth.public-forms-no-credentials with the flow they drive. */
const FORM_FLOW = 'forms.configuration and forms.submission judge auth.public-forms-no-credentials as part of the flow: a broken step fails it too';

export const CROSS_AREA_FAILURES: Readonly<Record<string, CrossAreaAllowance>> = {
  'gone-without-deleted-at': { rules: ['leads.delete-to-trash', 'leads.trash-leaves-lists', 'leads.restore'], why: TRASH_CHECK },
  'restore-renumbers': {
    rules: ['errors.status-410', 'errors.gone', 'tasks.restore'],
    why: `${TRASH_CHECK}; state.task-states restores a task the same way and judges tasks.restore with its other states`,
  },
  'team-writes-take-keys': {
    rules: ['errors.message-language-range', 'errors.message-uzbek', 'errors.codes-unchanged-by-language', 'errors.field-names-unchanged-by-language'],
    why: "responses.error-language asks for a key's refusal of a team write in each language: let through, there is no refusal to read the language of",
  },
  'trashed-leads-still-listed': { rules: ['errors.extra-gone', 'errors.status-410', 'errors.gone'], why: TRASH_CHECK },
  'form-config-without-token': { rules: ['auth.public-forms-no-credentials'], why: FORM_FLOW },
  'form-submit-answers-200': { rules: ['auth.public-forms-no-credentials'], why: FORM_FLOW },
  'form-success-without-redirect-url': { rules: ['auth.public-forms-no-credentials'], why: FORM_FLOW },
};
