// Limits that depend on the workspace's plan, read from the document (`x-plan-limits` on the
// operation they refuse), for the resource handlers that enforce them (the pipeline itself
// enforces none: every plan limit in the spec belongs to one resource). Spec 4.11 and 8 give the
// webhook count; the forms and monthly submission counts are "by plan; the numbers are not
// shown", so they are not here. The tag limit (200 on every plan) is not a plan limit: it answers
// `tag_limit`, not `limit_reached`.
import { ApiError } from '../errors/api-error.ts';
import { loadRuntimeDocument } from '../spec/runtime-document.ts';
import { operationExtension } from '../spec/schema-enum.ts';
import type { Plan, Workspace } from '../workspaces/workspace.ts';

export type PlanLimitKey = 'webhooks';

export const PLAN_LIMITS = operationExtension<Record<PlanLimitKey, Record<Plan, number>>>(
  loadRuntimeDocument('crm'),
  'createWebhook',
  'x-plan-limits',
);

/** Paid plans from the smallest up; a trial has Pro's limits and upgrades like Pro. */
const UPGRADE_ORDER: Plan[] = ['free', 'start', 'pro', 'business', 'enterprise'];

export function planLimit(plan: Plan, key: PlanLimitKey): number {
  return PLAN_LIMITS[key][plan];
}

/** Throws `limit_reached` (403: a plan limit, spec 7.2) when `used` already fills the plan's limit. */
export function refuseOverPlanLimit(workspace: Workspace, key: PlanLimitKey, used: number): void {
  const limit = planLimit(workspace.plan, key);
  if (used < limit) return;
  const extras = { key, limit, used, plan: workspace.plan, upgrade_to: upgradeFor(workspace.plan, key) };
  throw new ApiError('limit_reached', extras, { status: 403 });
}

/** The smallest plan above this one whose limit is higher, or null when none lifts it. */
export function upgradeFor(plan: Plan, key: PlanLimitKey): Plan | null {
  const limit = planLimit(plan, key);
  const from = UPGRADE_ORDER.indexOf(plan === 'trial' ? 'pro' : plan);
  return UPGRADE_ORDER.slice(from + 1).find((higher) => planLimit(higher, key) > limit) ?? null;
}
