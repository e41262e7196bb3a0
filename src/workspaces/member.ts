// Members of a workspace (spec 2.7).
export const ROLES = ['owner', 'admin', 'team_lead', 'manager', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export type Member = {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: 'active' | 'deactivated';
  joinedAt: string;
  teamIds: string[];
};
