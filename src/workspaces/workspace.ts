// A workspace: the tenant that owns all data (spec 1). Everything a credential sees lives in
// exactly one of these.
import type { ApiKey } from '../auth/api-key.ts';
import type { Member } from './member.ts';

/** The control API's `Plan` (openapi/mock-control.yaml); the CRM document names no plans. */
export type Plan = 'free' | 'start' | 'pro' | 'business' | 'enterprise' | 'trial';

export type Workspace = {
  id: string;
  slug: string;
  name: string;
  plan: Plan;
  currency: string;
  createdAt: string;
  /** A lapsed subscription makes the workspace read-only (402 `read_only`). */
  readOnly: boolean;
  members: Map<string, Member>;
  apiKeys: Map<string, ApiKey>;
};
