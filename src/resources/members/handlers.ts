// Handlers of the members routes, by operationId (spec 4.6). Only the two lists take API keys
// and tokens; the other routes (invites, member and team changes) are first-party-only: the
// pipeline lets only a web app session of an owner or admin reach them (auth/authenticate.ts).
import type { TagHandlers } from '../../http/handler.ts';
import { recordContext } from '../records/record-context.ts';
import { createInvite } from './invites.ts';
import { deactivateMember, updateMember } from './member-writes.ts';
import { membersInOrder, presentMember, presentTeam, teamsInOrder } from './present-member.ts';
import { createTeam, deleteTeam, updateTeam } from './team-writes.ts';

export const membersHandlers: TagHandlers<'Members'> = {
  listMembers(context) {
    const { workspace, memberId } = recordContext(context);
    return { body: { data: membersInOrder(workspace).map((member) => presentMember(member, memberId)) } };
  },

  listTeams(context) {
    const { workspace } = recordContext(context);
    return { body: { data: teamsInOrder(workspace).map((team) => presentTeam(workspace, team)) } };
  },

  updateMember(context) {
    return { body: updateMember(recordContext(context), context.input.path.id, context.input.body) };
  },

  deactivateMember(context) {
    return { body: deactivateMember(recordContext(context), context.input.path.id) };
  },

  createInvite(context) {
    return { status: 201, body: createInvite(recordContext(context), context.input.body) };
  },

  async createTeam(context) {
    return { status: 201, body: await createTeam(recordContext(context), context.input.body) };
  },

  async updateTeam(context) {
    return { body: await updateTeam(recordContext(context), context.input.path.id, context.input.body) };
  },

  deleteTeam(context) {
    return { body: deleteTeam(recordContext(context), context.input.path.id) };
  },
};
