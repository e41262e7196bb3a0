// A team as stored (spec 2.7). Who belongs to a team is kept on the member (`teamIds`, several
// teams possible), so `member_ids` is read from the members and the two can never disagree.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Team = components['schemas']['Team'];
export type StoredTeam = Omit<Team, 'member_ids'>;

export const teamTable: TableDefinition<StoredTeam> = { document: 'crm', schema: 'Team', computed: ['member_ids'] };
