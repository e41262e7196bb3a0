// A channel of the workspace (spec 2.9): what a conversation shows of it.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Channel = components['schemas']['ChannelSummary'];
export type ChannelType = components['schemas']['ChannelType'];

export const channelTable: TableDefinition<Channel> = {
  document: 'crm',
  schema: 'ChannelSummary',
  lookups: { type: (channel) => channel.type },
};
