// Writing timeline items (spec 2.6). Every write path that changes a lead, contact or company
// calls one of these beside its event, inside the same request transaction, so a change that
// fails leaves no item behind. Other areas (conversations) call them the same way; website form
// submissions are read from the forms area's own table (form-submission-items.ts):
//   recordChanges / recordChange   field changes (`change`: field, label, from, to)
//   recordStageMove                a lead entering a stage (`stage`: from, to, pipeline_id)
//   recordTimelineItem             any other item: tasks (tasks/task-timeline.ts) and messages
//                                  (conversations/message-timeline.ts) write theirs through it
import type { FieldChange } from '../../records/field-changes.ts';
import type { RecordContext } from '../records/record-context.ts';
import { changeLabel } from './change-labels.ts';
import type { StoredTimelineItem, TimelineEntity, TimelineKind } from './timeline-record.ts';

export type NewTimelineItem = {
  kind: TimelineKind;
  entity: TimelineEntity;
  data: Record<string, unknown>;
  ref_id?: string | null;
  /** When it happened; the workspace clock's now by default. */
  occurred_at?: string;
};

export async function recordTimelineItem(context: RecordContext, item: NewTimelineItem): Promise<StoredTimelineItem> {
  const { workspace } = context;
  return context.tables.timeline.insert({
    // Notes carry the note id that the `/v1/notes/{id}` routes take (see the document's TimelineItem.id).
    id: workspace.newId(item.kind === 'note' ? 'note' : 'timelineItem'),
    kind: item.kind,
    entity_type: item.entity.type,
    entity_id: item.entity.id,
    actor: context.actor,
    ref_id: item.ref_id ?? null,
    data: item.data,
    pinned: false,
    occurred_at: item.occurred_at ?? context.nowIso(),
  });
}

/** One `change` item per changed field, in the order given (`custom.<key>` fields included). */
export async function recordChanges(context: RecordContext, entity: TimelineEntity, changes: readonly FieldChange[]): Promise<void> {
  for (const change of changes) await recordChange(context, entity, change.field, change.from, change.to);
}

export async function recordChange(
  context: RecordContext,
  entity: TimelineEntity,
  field: string,
  from: unknown,
  to: unknown,
): Promise<StoredTimelineItem> {
  const label = changeLabel(context.tables, entity.type, field);
  return recordTimelineItem(context, { kind: 'change', entity, data: { field, label, from: from ?? null, to: to ?? null } });
}

/** A lead entered stage `to`: from another stage, or (`from` null) when it was created. */
export async function recordStageMove(
  context: RecordContext,
  leadId: string,
  from: string | null,
  to: string,
  pipelineId: string,
): Promise<StoredTimelineItem> {
  return recordTimelineItem(context, { kind: 'stage', entity: { type: 'lead', id: leadId }, data: { from, to, pipeline_id: pipelineId } });
}
