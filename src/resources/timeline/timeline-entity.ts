// The lead, contact or company a timeline or a new note names by `entity_type` and `entity_id`
// (spec 4.5): 404 when unknown, 410 `gone` when in the trash (spec 2.1), and 400
// `invalid_id_type` for an id of another record type (spec 2.2), e.g. a contact id with `lead`.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import { findLive } from '../records/trash.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { TimelineEntity, TimelineEntityType } from './timeline-record.ts';

const PREFIX_OF: Record<TimelineEntityType, string> = { lead: 'ld_', contact: 'ct_', company: 'co_' };

export function liveEntity(tables: WorkspaceTables, type: TimelineEntityType, sentId: string): TimelineEntity {
  const id = normalizeId(sentId);
  if (!id.startsWith(PREFIX_OF[type])) throw new ApiError('invalid_id_type');
  const record =
    type === 'lead' ? findLive(tables.leads, id) : type === 'contact' ? findLive(tables.contacts, id) : findLive(tables.companies, id);
  return { type, id: record.id };
}
