import { loadDocument } from '../../../src/spec/document.ts';
import { operationExtension } from '../../../src/spec/schema-enum.ts';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { controlCall } from '../../mock-control.ts';

/** Webhooks per workspace by plan (spec 4.11, 8), as the document states them. */
const WEBHOOKS_BY_PLAN = operationExtension<{ webhooks: Record<string, number> }>(loadDocument('crm'), 'createWebhook', 'x-plan-limits').webhooks;
/** Against a deployment, whose plan the API does not tell: Free's and Start's limits are reached with this many. */
const MOST_CREATED = 30;

export const planLimit: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.plan-limit',
  family: 'webhooks',
  title: "past the plan's webhook count a new webhook answers limit_reached with key webhooks, the plan's limit and the count used",
  spec: '4.11, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const mock = context.target.mock;
    if (!mock) return fillUp(context, undefined);
    // A mock's workspace is put on Free for the check: two webhooks reach its limit.
    const settingsPath = `/_mock/workspaces/${mock.workspaceId}/settings`;
    const { plan } = await controlCall(context, 'GET', settingsPath);
    await controlCall(context, 'PATCH', settingsPath, { plan: 'free' });
    try {
      await fillUp(context, WEBHOOKS_BY_PLAN.free);
    } finally {
      await controlCall(context, 'PATCH', settingsPath, { plan });
    }
  },
};

/** Creates webhooks until one is refused, then judges the refusal against the webhooks there are. */
async function fillUp(context: CheckContext, expectedLimit: number | undefined): Promise<void> {
  for (let created = 0; created <= MOST_CREATED; created++) {
    const answer = await context.client.send('POST', '/v1/webhooks', {
      body: { name: `conformance ${context.runId} plan-limit`, url: 'https://hooks.example.com/crmkit-conformance', events: ['invoice.*'] },
    });
    if (answer.status === 201) {
      context.cleanup(() => context.client.send('DELETE', `/v1/webhooks/${answer.json.webhook.id}`));
      continue;
    }
    context.expectError(answer, 403, 'limit_reached');
    const { key, limit, used } = answer.json.error;
    const count = (await context.client.send('GET', '/v1/webhooks?limit=250')).json?.data?.length;
    if (key !== 'webhooks') context.fail(`limit_reached names key ${key}, not webhooks`, answer);
    if (expectedLimit !== undefined ? limit !== expectedLimit : !Object.values(WEBHOOKS_BY_PLAN).includes(limit)) {
      context.fail(`limit_reached names limit ${limit}, not ${expectedLimit ?? `one of spec 8's ${[...new Set(Object.values(WEBHOOKS_BY_PLAN))].join(', ')}`}`, answer);
    }
    if (used !== count || count < limit) context.fail(`limit_reached says ${used} used of ${limit}, while the workspace lists ${count} webhooks`, answer);
    return;
  }
  context.skip(`${MOST_CREATED} webhooks were taken: the plan's limit is higher than this check goes`);
}
