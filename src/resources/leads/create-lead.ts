// POST /v1/leads (spec 4.2): every default of the create table, the contact created with the
// lead when `contact` is sent, `duplicate_lead` when the contact already has an open lead in
// the pipeline, and `lead.created`.
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { normalizeId } from '../../ids/ids.ts';
import { customValuesFor } from '../fields/custom-values.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import { isLive } from '../records/trash.ts';
import { tagsForRecord } from '../tags/record-tags.ts';
import { recordStageMove } from '../timeline/record-item.ts';
import { createContactForLead } from './lead-contact.ts';
import { leadSummary } from './lead-events.ts';
import { placeNewLead } from './lead-placement.ts';
import { newStoredLead, type StoredLead } from './lead-record.ts';

export type LeadCreate = components['schemas']['LeadCreate'];

export type CreateLeadOptions = {
  /** A website form set to open a new lead for a returning client (spec 4.12) does not meet `duplicate_lead`. */
  allowOpenDuplicate?: boolean;
};

export async function createLead(context: RecordContext, body: LeadCreate, options: CreateLeadOptions = {}): Promise<StoredLead> {
  const { tables, workspace } = context;
  const { pipeline_id, stage } = placeNewLead(tables, body.pipeline_id, body.stage_id);
  const owner_id = memberIdFrom(workspace, body.owner_id, 'owner_id');
  const company_id = body.company_id === undefined ? null : liveId(tables.companies, body.company_id, 'company_id');
  let contact_id = body.contact_id === undefined ? null : liveId(tables.contacts, body.contact_id, 'contact_id');
  if (contact_id && !options.allowOpenDuplicate) refuseDuplicate(context, contact_id, pipeline_id);
  const tags = await tagsForRecord(context, [], body.tags ?? []);
  const custom = customValuesFor(context, 'lead', {}, body.custom);
  if (body.contact) contact_id = (await createContactForLead(context, body.contact)).id;

  const lead = await tables.leads.insert(
    newStoredLead(workspace, stage, context.nowIso(), {
      name: body.name?.trim(),
      amount: body.amount,
      currency: body.currency,
      owner_id,
      contact_id,
      company_id,
      source: body.source,
      utm: body.utm,
      referrer: body.referrer,
      landing_page: body.landing_page,
      tags,
      custom,
      position: body.position,
    }),
  );
  await context.emit('lead.created', leadSummary(lead));
  // The timeline starts with the lead entering its first stage (`from` null).
  await recordStageMove(context, lead.id, null, stage.id, pipeline_id);
  return lead;
}

/** The id of a live record of `table` sent under `field`, or 422 naming the field. */
export function liveId(
  table: { get(id: string): { id: string; deleted_at: string | null } | undefined },
  sent: string,
  field: string,
): string {
  const record = table.get(normalizeId(sent));
  if (!record || record.deleted_at !== null)
    throw new ApiError('validation_failed', { fields: { [field]: 'no such record in this workspace' } });
  return record.id;
}

/** Spec 7.3 `duplicate_lead`: the contact already has an open lead in this pipeline (other than `exceptId`, the lead being changed). */
export function refuseDuplicate(context: RecordContext, contactId: string, pipelineId: string, exceptId?: string): void {
  const open = context.tables.leads
    .findBy('contact', contactId)
    .find(
      (lead) =>
        lead.id !== exceptId &&
        isLive(lead) &&
        lead.pipeline_id === pipelineId &&
        context.tables.stages.get(lead.stage_id)?.type === 'open',
    );
  if (open) throw new ApiError('duplicate_lead');
}

/** Spec 7.3 `duplicate_lead`: an open lead restored from the trash must not be its contact's second open lead in its pipeline. */
export function refuseDuplicateOnRestore(context: RecordContext, lead: StoredLead): void {
  if (lead.contact_id && context.tables.stages.get(lead.stage_id)?.type === 'open')
    refuseDuplicate(context, lead.contact_id, lead.pipeline_id, lead.id);
}
