// Members of a workspace (spec 2.7).
import { loadRuntimeDocument } from '../spec/runtime-document.ts';
import type { components } from '../spec/generated/crm.d.ts';
import { schemaEnum } from '../spec/schema-enum.ts';

export type Role = components['schemas']['MemberRole'];
export const ROLES = schemaEnum<Role>(loadRuntimeDocument('crm'), 'MemberRole');

export type Member = {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: 'active' | 'deactivated';
  joinedAt: string;
  teamIds: string[];
};
