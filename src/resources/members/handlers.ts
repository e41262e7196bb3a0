// Handlers of the members routes, by operationId (spec 4.6). Only the two lists take API keys
// and tokens; the other routes (invites, member and team changes) are first-party-only, and the
// pipeline refuses every credential the mock has (API keys, OAuth tokens) with 403 before a
// handler could run, so they have no handler until a first-party session credential exists.
import type { HandlerMap } from '../../http/handler.ts';
import { recordContext } from '../records/record-context.ts';
import { membersInOrder, presentMember, presentTeam, teamsInOrder } from './present-member.ts';

export const membersHandlers: HandlerMap = {
  listMembers(context) {
    const { workspace, memberId } = recordContext(context);
    return { body: { data: membersInOrder(workspace).map((member) => presentMember(member, memberId)) } };
  },

  listTeams(context) {
    const { workspace } = recordContext(context);
    return { body: { data: teamsInOrder(workspace).map((team) => presentTeam(workspace, team)) } };
  },
};
