// Spec 4.11 and 8: webhooks per workspace by plan (Free 2, Start 25, Pro 100 and trial, Business
// and Enterprise 250); over it, limit_reached (7.3: 403, 409 or 422) with `key: webhooks`,
// `limit`, `used` and `upgrade_to`. The limits are read from the document (x-plan-limits on
// createWebhook). On a mock the workspace is put on each plan in turn, smallest first, and filled
// up to its limit (the webhooks made for one plan stay for the next), then put back on its plan;
// against a deployment, whose plan the API does not tell, webhooks are made until one is refused
// (at most 30: Free's and Start's limits), and the refusal is judged against the plans' table.
// The webhooks point at a public placeholder and subscribe to a group no check causes: they
// receive nothing, and are deleted at the end.
import { loadDocument } from '../../../src/spec/document.ts';
import { operationExtension } from '../../../src/spec/schema-enum.ts';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { skipIfNotOffered } from '../../inferred-route.ts';
import { controlCall } from '../../mock-control.ts';
import { deleteWebhook } from '../../kits/webhook-kit.ts';

/** Webhooks per workspace by plan (spec 4.11, 8), as the document states them. */
const WEBHOOKS_BY_PLAN = operationExtension<{ webhooks: Record<string, number> }>(
  loadDocument('crm'),
  'createWebhook',
  'x-plan-limits',
).webhooks;
/** Against a deployment, whose plan the API does not tell: Free's and Start's limits are reached with this many. */
const MOST_CREATED = 30;
/** The plans of each rule, smallest limit first. */
const PLAN_RULES: [plan: string, rule: string][] = [
  ['free', 'webhooks.plan-limit-free'],
  ['start', 'webhooks.plan-limit-start'],
  ['pro', 'webhooks.plan-limit-pro'],
  ['trial', 'webhooks.plan-limit-pro'],
  ['business', 'webhooks.plan-limit-business'],
  ['enterprise', 'webhooks.plan-limit-business'],
];

export const planLimit: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.plan-limit',
  area: 'webhooks',
  title:
    "past the plan's webhook count (2, 25, 100, 250) a new webhook answers limit_reached with key webhooks, the plan's limit, the count used and a plan to upgrade to",
  spec: '4.11, 7.3, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    // The webhooks made go when the check ends: the other checks' webhook.disabled would go to them all.
    const created: string[] = [];
    try {
      await fillAndJudge(context, created);
    } finally {
      for (const id of created) await deleteWebhook(context, id);
    }
  },
};

async function fillAndJudge(context: CheckContext, created: string[]): Promise<void> {
  const mock = context.target.mock;
  if (!mock) {
    const refusal = await fillUp(context, MOST_CREATED, created);
    if (!refusal) return context.skip(`${MOST_CREATED} webhooks were taken: the plan's limit is higher than this check goes`);
    return judgeRefusal(context, refusal, undefined);
  }
  const settingsPath = `/_mock/workspaces/${mock.workspaceId}/settings`;
  const { plan } = await controlCall(context, 'GET', settingsPath);
  try {
    for (const [name, rule] of PLAN_RULES) {
      await controlCall(context, 'PATCH', settingsPath, { plan: name });
      const limit = WEBHOOKS_BY_PLAN[name]!;
      // A create taken with the limit already reached breaks the rule, though a later one is refused (an off-by-one limit).
      let pastLimit: number | undefined;
      const refusal = await fillUp(context, limit + 1, created, (before) => void (before >= limit && (pastLimit ??= before + 1)));
      context.judge(
        rule,
        pastLimit !== undefined
          ? `on ${name} a workspace took webhook number ${pastLimit}, over its limit of ${limit}`
          : refusal
            ? undefined
            : `on ${name} a workspace took more than ${limit} webhooks`,
      );
      if (refusal) judgeRefusal(context, refusal, name);
    }
  } finally {
    await controlCall(context, 'PATCH', settingsPath, { plan });
  }
}

type Refusal = { answer: Awaited<ReturnType<CheckContext['client']['send']>>; count: number };

/**
 * Creates webhooks until one is refused (answers it, with the count listed then) or more than
 * `most` are there; at least one is tried, since other checks' webhooks may fill the plan already.
 * `taken` hears of each webhook taken, with the count listed before it.
 */
async function fillUp(
  context: CheckContext,
  most: number,
  created: string[],
  taken?: (countBefore: number) => void,
): Promise<Refusal | undefined> {
  let count = await countWebhooks(context);
  do {
    const answer = await context.client.call('createWebhook', {
      body: { name: `conformance ${context.runId} plan-limit`, url: 'https://hooks.example.com/crmkit-conformance', events: ['invoice.*'] },
    });
    if (answer.status !== 201) return { answer, count: await countWebhooks(context) };
    taken?.(count);
    created.push(answer.json.webhook.id);
    context.cleanup(() => deleteWebhook(context, answer.json.webhook.id));
    count += 1;
  } while (count <= most);
  return undefined;
}

async function countWebhooks(context: CheckContext): Promise<number> {
  let count = 0;
  let cursor: string | null | undefined;
  do {
    const page = await context.client.call('listWebhooks', { query: { limit: 250, ...(cursor ? { cursor } : {}) } });
    // Without the list (an inferred route) the webhooks made could be neither counted nor removed: none is made.
    skipIfNotOffered(context, page);
    context.expectStatus(page, 200);
    count += page.json?.data?.length ?? 0;
    cursor = page.json?.next_cursor;
  } while (cursor);
  return count;
}

/** The refusal is limit_reached naming webhooks, the plan's limit and the count there is; `upgrade_to` names a plan with more room. */
function judgeRefusal(context: CheckContext, { answer, count }: Refusal, plan: string | undefined): void {
  const error = answer.json?.error ?? {};
  const expectedLimit = plan ? WEBHOOKS_BY_PLAN[plan] : undefined;
  const limits = [...new Set(Object.values(WEBHOOKS_BY_PLAN))];
  const on = plan ? `on ${plan}: ` : '';
  context.judge(
    'webhooks.limit-reached',
    ![403, 409, 422].includes(answer.status) || error.code !== 'limit_reached'
      ? `${on}the webhook over the limit answered ${answer.status} ${error.code ?? ''}, not limit_reached (403, 409 or 422)`
      : error.key !== 'webhooks'
        ? `${on}limit_reached names key ${JSON.stringify(error.key)}, not webhooks`
        : expectedLimit !== undefined
          ? error.limit !== expectedLimit
            ? `${on}limit_reached names limit ${error.limit}, not ${expectedLimit}`
            : undefined
          : !limits.includes(error.limit)
            ? `limit_reached names limit ${error.limit}, not one of spec 8's ${limits.join(', ')}`
            : undefined,
    answer,
  );
  if (error.code !== 'limit_reached') return;
  const missing = ['key', 'limit', 'used', 'plan', 'upgrade_to'].filter((name) => !(name in error));
  context.judge('errors.extra-limit-reached', missing.length ? `${on}limit_reached lacks ${missing.join(', ')}` : undefined, answer);
  if (error.used !== count || count < error.limit)
    context.judge(
      'webhooks.limit-reached',
      `${on}limit_reached says ${error.used} used of ${error.limit}, while the workspace lists ${count} webhooks`,
      answer,
    );
  const room = WEBHOOKS_BY_PLAN[error.upgrade_to];
  const top = plan !== undefined && Math.max(...limits) === WEBHOOKS_BY_PLAN[plan];
  const upgrade = top ? error.upgrade_to === null || room === undefined || room >= error.limit : room !== undefined && room > error.limit;
  context.judge(
    'webhooks.limit-reached-upgrade-to',
    upgrade
      ? undefined
      : `${on}limit_reached carries upgrade_to ${JSON.stringify(error.upgrade_to)}, not a plan that allows more than ${error.limit} webhooks`,
    answer,
  );
}
