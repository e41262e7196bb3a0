// Mutants of members and teams (spec 2.7, 4.6): roles, who is listed, what a member or a
// team answers.
import { sessionTokenOf } from '../../auth/session.ts';
import type { MockState } from '../../mock-state.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { retryAsOwner } from '../owner-key.ts';
import { presentMember } from '../../resources/members/present-member.ts';
import { normalizeId } from '../../ids/ids.ts';
import { alterOk, callerWorkspace, errorAnswer, onOperation, probe, sentJson } from '../request-match.ts';
import { onSuccess, firstPartyGuardForgotten, asMember } from '../record-requests.ts';

/** The same request made by a web app session of the member (a guard that lets a request through acts as someone allowed). */
/** The workspace of the request's web app session. */
function sessionWorkspace(state: MockState, request: Request): Workspace | undefined {
  return state.findCredential(sessionTokenOf(request) ?? '')?.workspace;
}

export const membersRecordsMutants: readonly Fault[] = [
  {
    // Readings review: members.first-party-owners-admins, fields.label-plain-string and
    // conventions.localized-names-plain-string are stated (4.6; 2.1 "used for every language").
    name: 'first-party-owner-only',
    area: 'members',
    proves: ['members.first-party-owners-admins', 'members.deactivate-status', 'members.patch-team-ids'],
    description:
      'First-party-only routes let only the owner in: an admin signed in to the web app gets 403 forbidden (spec 4.6: reserved for owners and admins).',
    wrap: (next, state) => async (request, info) => {
      const found = state.findCredential(sessionTokenOf(request) ?? '');
      const member = found?.credential.kind === 'session' ? found.workspace.members.get(found.credential.session.memberId) : undefined;
      if (request.method === 'GET' || member?.role !== 'admin') return next(request, info);
      const seen = await next(probe(request, '/v1/fields'), info);
      return errorAnswer(state, seen, 403, { code: 'forbidden', message: 'Only the workspace owner may do this.', permission: 'owner' });
    },
  },
  {
    // Readings review: members.deactivate-status is stated (2.7 "member.status | `active` or `deactivated`").
    name: 'member-status-inactive',
    area: 'members',
    proves: ['members.deactivate-status', 'responses.shape.deactivate-member'],
    description: "A deactivated member shows status inactive (the user table's word) instead of deactivated (spec 2.7).",
    wrap: onOperation(['listMembers', 'updateMember', 'deactivateMember'], async (next, request, info) => {
      const response = await next(request, info);
      const rename = (member: any) => (member?.status === 'deactivated' ? { ...member, status: 'inactive' } : member);
      return alterOk(response, (body) => (Array.isArray(body?.data) ? { ...body, data: body.data.map(rename) } : rename(body)));
    }),
  },
  {
    name: 'members-scope-misnamed',
    area: 'members',
    proves: ['members.missing-scope', 'teams.scope'],
    description: 'The members and teams lists answer missing_scope with scope members:read instead of users:read.',
    wrap: onErrorCode('missing_scope', (response, body) =>
      body.error.scope === 'users:read' ? changed(response, { body: { error: { ...body.error, scope: 'members:read' } } }) : response,
    ),
  },
  {
    name: 'member-team-ids-null',
    area: 'members',
    proves: ['members.fields', 'members.team-ids-empty', 'responses.shape.list-members'],
    description: 'A member in no team shows team_ids null instead of [].',
    wrap: onSuccess({ operations: ['listMembers'] }, (body) => ({
      ...body,
      data: body.data.map((member: { team_ids: string[] }) => (member.team_ids.length ? member : { ...member, team_ids: null })),
    })),
  },
  {
    name: 'team-writes-take-keys',
    area: 'members',
    proves: ['auth.first-party-only', 'teams.create-refuses-keys', 'teams.patch-refuses-keys', 'teams.delete-refuses-keys'],
    description: "The team routes forgot the first-party guard: an API key creates, changes and deletes teams as the key's member.",
    wrap: firstPartyGuardForgotten(['listTeams', 'createTeam', 'updateTeam', 'deleteTeam']),
  },
  {
    name: 'first-party-any-role',
    area: 'members',
    proves: ['members.first-party-other-roles'],
    description: 'First-party-only routes let any signed-in member in (a manager creates teams and fields), not only owners and admins.',
    wrap: (next, state) =>
      onErrorCode('forbidden', async (response, body, request) => {
        if (body.error.permission !== 'owner_or_admin') return response;
        const found = state.findCredential(sessionTokenOf(request) ?? '');
        const owner =
          found && [...found.workspace.members.values()].find((member) => member.role === 'owner' && member.status === 'active');
        return found && owner ? next(asMember(state, request, found.workspace.id, owner.id)) : response;
      })(next),
  },
  {
    name: 'teams-list-without-scope',
    area: 'members',
    proves: ['teams.scope'],
    description:
      'GET /v1/teams checks no scope (the guard is only on members): a key without users:read lists the teams (spec 4.6: users:read).',
    wrap: onOperation('listTeams', async (inner, request, info, _routed, state) => {
      const copy = request.clone();
      const response = await inner(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      return body?.error?.code === 'missing_scope' ? retryAsOwner(state, inner, copy, response) : response;
    }),
  },
  // Found by the fifth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'invite-any-signed-in-role',
    area: 'members',
    proves: ['members.first-party-other-roles'],
    description:
      'POST /v1/invites checks only that a web app session exists, not its role: a signed-in manager or viewer invites people (spec 4.6: owners and admins only).',
    wrap: onOperation('createInvite', (next, request, info, _routed, state) =>
      onErrorCode('forbidden', async (response, body, request) => {
        if (body.error.permission !== 'owner_or_admin') return response;
        const found = state.findCredential(sessionTokenOf(request) ?? '');
        const owner =
          found && [...found.workspace.members.values()].find((member) => member.role === 'owner' && member.status === 'active');
        return found && owner ? next(asMember(state, request, found.workspace.id, owner.id)) : response;
      })(next)(request, info),
    ),
  },
  {
    name: 'owner-deactivatable',
    area: 'members',
    proves: ['members.owner-stays'],
    description:
      "Deactivation checks the caller's role but not the target's: the workspace's one owner is deactivated (200) and the workspace is left without an owner (spec 4.6; the document: the owner stays the owner).",
    wrap: onOperation('deactivateMember', (next, request, info, { params }, state) =>
      onErrorCode('forbidden', async (response, body, request) => {
        if (body.error.permission !== 'transfer_ownership') return response;
        const found = state.findCredential(sessionTokenOf(request) ?? '');
        const member = found?.workspace.members.get(normalizeId(params.id!));
        if (!found || !member) return response;
        member.status = 'deactivated';
        const meId = found.credential.kind === 'session' ? found.credential.session.memberId : null;
        return changed(response, { status: 200, body: presentMember(member, meId) });
      })(next)(request, info),
    ),
  },
  {
    name: 'team-delete-leaves-member-team-ids',
    area: 'members',
    proves: ['teams.delete-leaves-members'],
    description:
      "Deleting a team removes the team row only: its members' team_ids still name the deleted team (spec 2.7: team_ids are the member's teams).",
    wrap: onOperation('deleteTeam', async (inner, request, info, { params }, state) => {
      const workspace = sessionWorkspace(state, request);
      const teamId = normalizeId(params.id!);
      const members = workspace ? [...workspace.members.values()].filter((member) => member.teamIds.includes(teamId)) : [];
      const response = await inner(request, info);
      if (response.ok) for (const member of members) if (!member.teamIds.includes(teamId)) member.teamIds.push(teamId);
      return response;
    }),
  },
  {
    name: 'member-is-me-every-active',
    area: 'members',
    proves: ['members.is-me'],
    description:
      "The members list computes is_me from the member's status instead of comparing with the caller: every active member is is_me (spec 2.7: is_me is the caller's own member).",
    wrap: onOperation('listMembers', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: (body.data ?? []).map((member: any) => ({ ...member, is_me: member.status === 'active' })),
      })),
    ),
  },
  {
    name: 'team-member-ids-stale-after-member-patch',
    area: 'members',
    proves: ['members.patch-team-ids'],
    description:
      "A member's team_ids changed by PATCH /v1/members/{id} are saved on the member only: the teams list keeps showing the old member_ids (two copies of the membership out of step, spec 2.7).",
    wrap: (next, state) => {
      // Each patched member's teams before, per workspace (the fault is wrapped anew for each request).
      const before = faultMemory(state, 'team-member-ids-stale-after-member-patch', () => new WeakMap<Workspace, Map<string, string[]>>());
      const patched = onOperation('updateMember', async (inner, request, info, { params }) => {
        const workspace = sessionWorkspace(state, request);
        const sent = await sentJson(request);
        const id = normalizeId(params.id!);
        const old = workspace?.members.get(id)?.teamIds.slice();
        const response = await inner(request, info);
        if (!response.ok || !workspace || !old || !Array.isArray(sent?.team_ids)) return response;
        const stale = before.get(workspace) ?? new Map<string, string[]>();
        before.set(workspace, stale);
        if (!stale.has(id)) stale.set(id, old);
        return response;
      });
      const listed = onOperation('listTeams', async (inner, request, info) => {
        const response = await inner(request, info);
        const workspace = callerWorkspace(state, request) ?? sessionWorkspace(state, request);
        const stale = workspace && before.get(workspace);
        if (!stale) return response;
        return alterOk(response, (body) => ({
          ...body,
          data: (body.data ?? []).map((team: any) => {
            const kept = team.member_ids.filter((memberId: string) => !stale.has(memberId));
            const old = [...stale].filter(([, teamIds]) => teamIds.includes(team.id)).map(([memberId]) => memberId);
            return { ...team, member_ids: [...kept, ...old].sort() };
          }),
        }));
      });
      return patched(listed(next, state), state);
    },
  },
  {
    name: 'member-team-ids-first-only',
    area: 'members',
    description:
      "A member's team_ids lists only its first team: the member list still reads the single team column of before members could be in several (spec 2.7: team_ids are the teams of the member, a team's member_ids its members).",
    proves: ['members.team-ids-match'],
    wrap: onOperation('listMembers', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: (body.data ?? []).map((member: any) => ({ ...member, team_ids: (member.team_ids ?? []).slice(0, 1) })),
      })),
    ),
  },
];
