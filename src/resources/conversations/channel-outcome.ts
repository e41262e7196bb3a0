// What a simulated channel does with the outgoing messages it takes (openapi/control/channels.yaml),
// one record per channel id in a table of the workspace: a change is all or nothing with its
// request, and snapshots carry it. A channel never set walks every message to `read`.
import type { components } from '../../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';

export type ChannelOutcome = components['schemas']['ChannelOutcome'];
export type ChannelOutcomeChange = components['schemas']['ChannelOutcomeChange'];

export const channelOutcomeTable: TableDefinition<ChannelOutcome> = { document: 'mock-control', schema: 'ChannelOutcome' };

export const DEFAULT_FAILURE = 'The channel refused the message.';

export function channelOutcome(tables: WorkspaceTables, channelId: string): ChannelOutcome {
  return (
    tables.channelOutcomes.get(channelId) ?? { id: channelId, status: 'read', failed_from: 'queued', error: null, replies_allowed: true }
  );
}

/** Replaces the outcome: what is left out takes its default. */
export async function setChannelOutcome(tables: WorkspaceTables, channelId: string, change: ChannelOutcomeChange): Promise<ChannelOutcome> {
  const status = change.status ?? 'read';
  const next: ChannelOutcome = {
    id: channelId,
    status,
    failed_from: change.failed_from ?? 'queued',
    error: status === 'failed' ? (change.error ?? DEFAULT_FAILURE) : null,
    replies_allowed: change.replies_allowed ?? true,
  };
  if (tables.channelOutcomes.get(channelId)) return tables.channelOutcomes.update(channelId, (draft) => void Object.assign(draft, next));
  return tables.channelOutcomes.insert(next);
}
