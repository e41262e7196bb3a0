// PATCH /v1/leads/{id} (spec 2.1, 3, 4.2): only the fields sent change; `null` clears owner,
// contact and company; a stage or pipeline change is a stage move with its events.
import type { components } from '../../spec/generated/crm.d.ts';
import { fieldChanges } from '../../records/field-changes.ts';
import { customValuesFor } from '../fields/custom-values.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import { tagsForRecord } from '../tags/record-tags.ts';
import { recordChanges } from '../timeline/record-item.ts';
import { liveId, refuseDuplicate } from './create-lead.ts';
import { placeMovedLead } from './lead-placement.ts';
import type { Stage } from '../pipelines/pipeline-records.ts';
import type { StoredLead } from './lead-record.ts';
import { emitStageMove, stageFieldsAfterMove } from './stage-move.ts';

export type LeadUpdate = components['schemas']['LeadUpdate'];

/**
 * The fields whose changes the lead's timeline shows as `change` items. Stage and pipeline
 * have `stage` items of their own (with the times that follow from them); `position` is only
 * the order on the board.
 */
const TIMELINE_FIELDS = [
  'name',
  'amount',
  'currency',
  'owner_id',
  'contact_id',
  'company_id',
  'source',
  'utm',
  'tags',
  'custom',
  'loss_reason',
] as const;

export async function updateLead(context: RecordContext, lead: StoredLead, body: LeadUpdate): Promise<StoredLead> {
  const { tables } = context;
  const changes = await plainChanges(context, lead, body);
  const moves = body.stage_id !== undefined || (body.pipeline_id !== undefined && body.pipeline_id !== lead.pipeline_id);
  const from = tables.stages.get(lead.stage_id)!;
  const placement = moves ? placeMovedLead(tables, lead, body.pipeline_id, body.stage_id) : undefined;
  const moved = placement && placement.stage.id !== lead.stage_id ? placement : undefined;
  if (moved) {
    Object.assign(changes, stageFieldsAfterMove(lead, moved.pipeline_id, moved.stage, body.loss_reason, context.nowIso()));
    if (body.position === undefined) changes.position = nextPosition(context, moved.stage.id);
  }
  refuseSecondOpenLead(context, lead, changes.contact_id, moved?.pipeline_id, moved?.stage);
  const updated = await tables.leads.update(lead.id, (draft) => {
    Object.assign(draft, changes, { updated_at: context.nowIso() });
  });
  await recordChanges(context, { type: 'lead', id: lead.id }, fieldChanges(lead, updated, TIMELINE_FIELDS));
  if (moved) await emitStageMove(context, updated, from, moved.stage);
  return updated;
}

async function plainChanges(context: RecordContext, lead: StoredLead, body: LeadUpdate): Promise<Partial<StoredLead>> {
  const { tables, workspace } = context;
  const changes: Partial<StoredLead> = {};
  if (body.name !== undefined) changes.name = body.name.trim() || `Lead #${lead.number}`;
  if (body.amount !== undefined) changes.amount = body.amount;
  if (body.currency !== undefined) changes.currency = body.currency;
  if (body.source !== undefined) changes.source = body.source;
  if (body.utm !== undefined) changes.utm = body.utm;
  if (body.position !== undefined) changes.position = body.position;
  if (body.owner_id !== undefined) changes.owner_id = memberIdFrom(workspace, body.owner_id, 'owner_id');
  if (body.contact_id !== undefined)
    changes.contact_id = body.contact_id === null ? null : liveId(tables.contacts, body.contact_id, 'contact_id');
  if (body.company_id !== undefined)
    changes.company_id = body.company_id === null ? null : liveId(tables.companies, body.company_id, 'company_id');
  if (body.loss_reason !== undefined && body.stage_id === undefined) changes.loss_reason = body.loss_reason;
  if (body.tags !== undefined) changes.tags = await tagsForRecord(context, lead.tags, body.tags);
  if (body.custom !== undefined) changes.custom = customValuesFor(context, 'lead', lead.custom, body.custom);
  return changes;
}

/**
 * Spec 7.3 `duplicate_lead`: a change must not give a contact a second open lead in one pipeline,
 * whether it names another contact, moves the lead to another pipeline, or reopens a closed lead.
 * A lead that stays where it was (already open, same contact, same pipeline) is not checked again:
 * older data may hold duplicates, and editing one must not be refused for them.
 */
function refuseSecondOpenLead(
  context: RecordContext,
  lead: StoredLead,
  contactId: string | null | undefined,
  pipelineId: string | undefined,
  stage: Stage | undefined,
): void {
  const contact = contactId === undefined ? lead.contact_id : contactId;
  const pipeline = pipelineId ?? lead.pipeline_id;
  const wasOpen = context.tables.stages.get(lead.stage_id)?.type === 'open';
  const isOpen = stage ? stage.type === 'open' : wasOpen;
  if (!contact || !isOpen) return;
  if (contact === lead.contact_id && pipeline === lead.pipeline_id && wasOpen) return;
  refuseDuplicate(context, contact, pipeline, lead.id);
}

/** A lead moved into a stage goes to the bottom of it on the board. */
function nextPosition(context: RecordContext, stageId: string): number {
  let last = -1;
  for (const lead of context.tables.leads.eachBy('stage', stageId)) last = Math.max(last, lead.position);
  return Math.floor(last) + 1;
}
