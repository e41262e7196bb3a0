// The submissions that reached a lead (spec 4.12: "the lead timeline shows the answers"), kept in
// a table of their own so that the timeline can show them beside the lead's other items, and so
// that they go with the workspace into snapshots. Found by lead, by contact and by form (the
// owner rule's round robin counts the leads a form opened).
import type { components } from '../../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type FormSubmission = components['schemas']['FormSubmissionRecord'];

export const formSubmissionTable: TableDefinition<FormSubmission> = {
  document: 'mock-control',
  schema: 'FormSubmissionRecord',
  lookups: {
    lead: (submission) => submission.lead_id,
    contact: (submission) => submission.contact_id,
    form: (submission) => submission.form_id,
  },
};
