// Mutants of the members and teams rules (spec 2.7, 4.6): each is a bug another team's members
// service might ship, acting through the handler seams by operationId; the records family's checks
// (members.members-teams, members.first-party-routes) must catch it.
import type { OperationId } from '../../spec/operation-types.ts';
import type { Fault } from '../fault.ts';
import { alterResult } from './handler-answer.ts';
import { firstPartyGuardForgotten } from './forgotten-guard.ts';

/** A list answered as a bare array, without the `{data}` envelope of spec 4.6. */
function bareArray(operation: OperationId): Pick<Fault, 'operations' | 'aroundHandler'> {
  return { operations: [operation], aroundHandler: async (next) => alterResult(await next(), (body) => body.data) };
}

/** The member list with each member changed by `alter`. */
function memberPresenter(alter: (member: any) => any): Pick<Fault, 'operations' | 'aroundHandler'> {
  return {
    operations: ['listMembers'],
    aroundHandler: async (next) => alterResult(await next(), (body) => ({ ...body, data: body.data.map(alter) })),
  };
}

export const membersMutants: Fault[] = [
  {
    name: 'member-viewer-as-guest',
    area: 'members',
    proves: ['members.role-values'],
    description: 'Members of role viewer are shown with the old role name `guest`, none of the five roles of spec 2.7.',
    ...memberPresenter((member) => (member.role === 'viewer' ? { ...member, role: 'guest' } : member)),
  },
  {
    name: 'member-status-enabled',
    area: 'members',
    proves: ['members.status-values'],
    description:
      "A member's status is shown in the identity provider's words, `enabled` / `disabled`, not active / deactivated (spec 2.7).",
    ...memberPresenter((member) => ({ ...member, status: member.status === 'active' ? 'enabled' : 'disabled' })),
  },
  {
    name: 'team-created-at-date-only',
    area: 'members',
    proves: ['teams.fields'],
    description: "A team's created_at is shown as a date (2026-01-15), not a time with an offset (spec 2.7, 2.1).",
    operations: ['listTeams'],
    aroundHandler: async (next) =>
      alterResult(await next(), (body) => ({
        ...body,
        data: body.data.map((team: any) => ({ ...team, created_at: String(team.created_at).slice(0, 10) })),
      })),
  },
  {
    name: 'members-bare-array',
    area: 'members',
    proves: ['members.list-envelope'],
    description: 'GET /v1/members answers a bare array of members, not {data: [...]} (spec 4.6).',
    ...bareArray('listMembers'),
  },
  {
    name: 'teams-bare-array',
    area: 'members',
    proves: ['teams.list-envelope'],
    description: 'GET /v1/teams answers a bare array of teams, not {data: [...]} (spec 4.6).',
    ...bareArray('listTeams'),
  },
  {
    name: 'invites-take-keys',
    area: 'members',
    proves: ['members.invites-refuse-keys', 'auth.first-party-only'],
    description:
      "POST /v1/invites checks the member's role but not the credential: an owner's or admin's API key invites people (spec 4.6: first-party web app only).",
    wrap: firstPartyGuardForgotten(['createInvite']),
  },
  {
    name: 'member-patch-takes-keys',
    area: 'members',
    proves: ['members.patch-refuses-keys', 'auth.first-party-only'],
    description:
      "PATCH /v1/members/{id} checks the member's role but not the credential: an owner's or admin's API key changes members (spec 4.6: first-party web app only).",
    wrap: firstPartyGuardForgotten(['updateMember']),
  },
];
