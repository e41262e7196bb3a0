// A new workspace as the control API makes it: an owner key holding every scope and one
// member per role, so that tests can act as anyone.
import { API_KEY_SCOPES, newKeySecret, type ApiKey } from '../auth/api-key.ts';
import type { MockState } from '../mock-state.ts';
import { ROLES, type Member, type Role } from './member.ts';
import type { Plan, Workspace } from './workspace.ts';

export type WorkspaceSettings = { name?: string; plan?: Plan; currency?: string };

const MEMBER_NAMES: Record<Role, string> = {
  owner: 'Dilnoza Karimova',
  admin: 'Aziz Rahimov',
  team_lead: 'Malika Tursunova',
  manager: 'Jasur Aliyev',
  viewer: 'Nodira Yusupova',
};

export function createWorkspace(state: MockState, settings: WorkspaceSettings): { workspace: Workspace; ownerKey: ApiKey } {
  const id = state.newId('workspace');
  const slug = `ws-${id.slice(-8)}`;
  const workspace: Workspace = {
    id,
    slug,
    name: settings.name ?? `Workspace ${slug}`,
    plan: settings.plan ?? 'pro',
    currency: settings.currency ?? 'UZS',
    createdAt: new Date(state.now()).toISOString(),
    readOnly: false,
    members: new Map(),
    apiKeys: new Map(),
  };
  state.addWorkspace(workspace);
  for (const role of ROLES) addMember(state, workspace, role);
  const owner = [...workspace.members.values()][0]!;
  const ownerKey = addApiKey(state, workspace, { name: 'Owner key', scopes: [...API_KEY_SCOPES], role: 'owner', memberId: owner.id });
  return { workspace, ownerKey };
}

function addMember(state: MockState, workspace: Workspace, role: Role): Member {
  const member: Member = {
    id: state.newId('member', workspace.id),
    name: MEMBER_NAMES[role],
    email: `${role.replace('_', '.')}@${workspace.slug}.crm.example`,
    role,
    status: 'active',
    joinedAt: new Date(state.now(workspace.id)).toISOString(),
    teamIds: [],
  };
  workspace.members.set(member.id, member);
  return member;
}

export type ApiKeySettings = Pick<ApiKey, 'name' | 'scopes' | 'role'> & Partial<Pick<ApiKey, 'memberId' | 'expiresAt' | 'allowedIps'>>;

export function addApiKey(state: MockState, workspace: Workspace, settings: ApiKeySettings): ApiKey {
  const apiKey: ApiKey = {
    id: state.newId('apiKey', workspace.id),
    workspaceId: workspace.id,
    key: newKeySecret(),
    createdAt: new Date(state.now(workspace.id)).toISOString(),
    revokedAt: null,
    memberId: null,
    expiresAt: null,
    allowedIps: [],
    ...settings,
  };
  state.addApiKey(apiKey);
  return apiKey;
}
