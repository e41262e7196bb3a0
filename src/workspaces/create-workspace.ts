// A new workspace as the control API makes it: an owner key holding every scope, one member
// per role so that tests can act as anyone, and the starter content the resources register
// (starter-content.ts).
import { API_KEY_SCOPES, newKeySecret, type ApiKey } from '../auth/api-key.ts';
import { DEFAULT_REQUEST_LIMITS } from '../limits/request-limits.ts';
import { VirtualClock } from '../clock/virtual-clock.ts';
import type { MockState } from '../mock-state.ts';
import { noRecordNumbers } from '../store/record-numbers.ts';
import { Transactions } from '../store/transactions.ts';
import { withTrustedWrites } from '../store/trusted-writes.ts';
import { ROLES, type Member, type Role } from './member.ts';
import { addStarterContent } from './starter-content.ts';
import { ownMembers, type Plan, type Workspace } from './workspace.ts';

export type WorkspaceSettings = { name?: string; plan?: Plan; currency?: string };

const MEMBER_NAMES: Record<Role, string> = {
  owner: 'Dilnoza Karimova',
  admin: 'Aziz Rahimov',
  team_lead: 'Malika Tursunova',
  manager: 'Jasur Aliyev',
  viewer: 'Nodira Yusupova',
};

export async function createWorkspace(state: MockState, settings: WorkspaceSettings): Promise<{ workspace: Workspace; ownerKey: ApiKey }> {
  const clock = new VirtualClock();
  // The workspace's own id is stamped with its new clock, which starts at real time.
  const id = state.ids('workspace', clock.now());
  const slug = `ws-${id.slice(-8)}`;
  const transactions = new Transactions();
  const workspace: Workspace = {
    id,
    slug,
    name: settings.name ?? `Workspace ${slug}`,
    plan: settings.plan ?? 'pro',
    currency: settings.currency ?? 'UZS',
    createdAt: clock.isoNow(),
    readOnly: false,
    limits: { ...DEFAULT_REQUEST_LIMITS },
    members: new Map(),
    apiKeys: new Map(),
    ...ownMembers(clock, state),
    tables: state.newTables(transactions),
    transactions,
    numbers: noRecordNumbers(),
  };
  state.addWorkspace(workspace);
  for (const role of ROLES) addMember(workspace, { role });
  const owner = [...workspace.members.values()][0]!;
  const ownerKey = addApiKey(state, workspace, { name: 'Owner key', scopes: [...API_KEY_SCOPES], role: 'owner', memberId: owner.id });
  // Starter content is the mock's own: written without the document checks (store/trusted-writes.ts).
  await withTrustedWrites(transactions, () => addStarterContent(workspace));
  return { workspace, ownerKey };
}

export type MemberSettings = { role: Role; name?: string; email?: string; teamIds?: string[] };

/** A member of the role; without a name or email, the role's demo person. */
export function addMember(workspace: Workspace, settings: MemberSettings): Member {
  const { role } = settings;
  const member: Member = {
    id: workspace.newId('member'),
    name: settings.name ?? MEMBER_NAMES[role],
    email: settings.email ?? `${role.replace('_', '.')}.${workspace.members.size + 1}@${workspace.slug}.crm.example`,
    role,
    status: 'active',
    joinedAt: new Date(workspace.now()).toISOString(),
    teamIds: settings.teamIds ?? [],
  };
  workspace.members.set(member.id, member);
  return member;
}

export type ApiKeySettings = Pick<ApiKey, 'name' | 'scopes' | 'role'> & Partial<Pick<ApiKey, 'memberId' | 'expiresAt' | 'allowedIps'>>;

export function addApiKey(state: MockState, workspace: Workspace, settings: ApiKeySettings): ApiKey {
  const apiKey: ApiKey = {
    id: workspace.newId('apiKey'),
    workspaceId: workspace.id,
    key: newKeySecret(),
    createdAt: new Date(workspace.now()).toISOString(),
    revokedAt: null,
    memberId: null,
    expiresAt: null,
    allowedIps: [],
    ...settings,
  };
  state.addApiKey(apiKey);
  return apiKey;
}
