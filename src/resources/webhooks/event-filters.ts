// Webhook filters (spec 2.13, 4.11): each applies only to events whose `data.object` carries the
// matching field; other events pass. An empty list is no filter. A field that is present but
// null (a lead without owner) is carried, so it does not pass an `owner_ids` filter.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { WebhookFilters } from './webhook-record.ts';

const FILTERED_FIELDS = [
  ['pipeline_ids', 'pipeline_id'],
  ['stage_ids', 'stage_id'],
  ['owner_ids', 'owner_id'],
  ['channels', 'channel'],
] as const satisfies readonly (readonly [keyof WebhookFilters, string])[];

export function passesFilters(filters: WebhookFilters, object: Record<string, unknown>): boolean {
  for (const [filter, field] of FILTERED_FIELDS) {
    const allowed: readonly unknown[] = filters[filter];
    if (allowed.length === 0 || !Object.hasOwn(object, field)) continue;
    if (!allowed.includes(object[field])) return false;
  }
  return true;
}

export type FiltersInput = Partial<WebhookFilters>;

/**
 * The filters as stored: every key present, long id prefixes made short, each id checked to
 * name a pipeline, stage or member of the workspace (422 `validation_failed` under the filter).
 */
export function filtersFrom(workspace: Workspace, input: FiltersInput | undefined): WebhookFilters {
  const ids = (name: 'pipeline_ids' | 'stage_ids' | 'owner_ids', exists: (id: string) => boolean): string[] => {
    const values = [...new Set((input?.[name] ?? []).map(normalizeId))];
    const unknown = values.find((id) => !exists(id));
    if (unknown) throw new ApiError('validation_failed', { fields: { [`filters.${name}`]: `${unknown} is not in this workspace` } });
    return values;
  };
  return {
    pipeline_ids: ids('pipeline_ids', (id) => workspace.tables.pipelines.get(id) !== undefined),
    stage_ids: ids('stage_ids', (id) => workspace.tables.stages.get(id) !== undefined),
    owner_ids: ids('owner_ids', (id) => workspace.members.has(id)),
    channels: [...new Set(input?.channels ?? [])],
  } as WebhookFilters;
}
