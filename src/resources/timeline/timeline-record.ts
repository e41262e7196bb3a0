// A timeline item as stored (spec 2.6): the document's TimelineItem less `editable` and
// `deletable`, which depend on who asks and on the workspace clock, so they are computed when the
// item is shown. A note is a timeline item whose id is the note id (`nt_...`).
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type TimelineItem = components['schemas']['TimelineItem'];
export type TimelineKind = components['schemas']['TimelineKind'];
export type TimelineEntityType = components['schemas']['TimelineEntityType'];
export type StoredTimelineItem = Omit<TimelineItem, 'editable' | 'deletable'>;

/** The record a timeline belongs to. */
export type TimelineEntity = { type: TimelineEntityType; id: string };

export const timelineTable: TableDefinition<StoredTimelineItem> = {
  document: 'crm',
  schema: 'TimelineItem',
  computed: ['editable', 'deletable'],
  lookups: {
    // A timeline is read whole per record: its items are found in O(1), not by a scan of the workspace.
    entity: (item) => timelineKey({ type: item.entity_type, id: item.entity_id }),
  },
};

export function timelineKey(entity: TimelineEntity): string {
  return `${entity.type}:${entity.id}`;
}
