// Website form submissions on a lead's timeline (spec 4.12: "the lead timeline shows the
// answers"). The forms area keeps each submission that reached a lead in its own table
// (`formSubmissions`, with the answers and each field's label at the time); the timeline reads
// them from there as `system` items with `event: form_submitted`, rather than copying them into
// the `timeline` table, so there is one record of each submission. A visitor, not a credential,
// submits a form: the actor is the system.
import { SYSTEM_ACTOR } from '../../events/event-record.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { StoredTimelineItem, TimelineEntity } from './timeline-record.ts';

/** A submission as the forms area's table holds it (read through the workspace's tables, not the forms folder). */
type FormSubmission = NonNullable<ReturnType<WorkspaceTables['formSubmissions']['get']>>;

export function formSubmissionItems(tables: WorkspaceTables, entity: TimelineEntity): StoredTimelineItem[] {
  if (entity.type !== 'lead') return [];
  return tables.formSubmissions.findBy('lead', entity.id).map((submission) => submissionItem(tables, submission));
}

function submissionItem(tables: WorkspaceTables, submission: FormSubmission): StoredTimelineItem {
  const answers = Object.entries(submission.answers).map(([field_id, value]) => ({
    field_id,
    label: submission.labels[field_id] ?? field_id,
    value,
  }));
  return {
    id: submission.id,
    kind: 'system',
    entity_type: 'lead',
    entity_id: submission.lead_id,
    actor: SYSTEM_ACTOR,
    ref_id: submission.form_id,
    data: {
      event: 'form_submitted',
      form_id: submission.form_id,
      // A form deleted since still shows its submissions, without a name.
      form_name: tables.forms.get(submission.form_id)?.name ?? '',
      lead_created: submission.lead_created,
      answers,
    },
    pinned: false,
    occurred_at: submission.occurred_at,
  };
}
