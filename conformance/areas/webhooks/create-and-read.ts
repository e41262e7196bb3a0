// Spec 2.13 (the webhook's fields; up to 100 patterns; four filters of up to 50 values; the secret
// returned once, beside the webhook) and 4.11 (the create body and its `{webhook, secret}` answer,
// the secret `whsec_` and 43 characters). Reads and the list are inferred routes (spec 4.11 does
// not show them); they are used only to look for the secret, which no answer but creation and
// rotation may carry. A webhook here points at a public placeholder and subscribes to a group no
// check causes (`invoice.*`): it receives nothing.
//
// Patterns: 100 of them are made of the catalog's names and groups, repeated (the catalog has
// fewer than 100 types); filter values: copies of the workspace's first pipeline id. The spec does
// not say whether repeats count; crmkit counts every value sent (the rules' readings).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { deleteWebhook, SECRET_FORMAT } from '../../kits/webhook-kit.ts';

const PATTERNS = [
  'invoice.*',
  'lead.*',
  'lead.created',
  'lead.stage_changed',
  'lead.won',
  'lead.lost',
  'contact.*',
  'contact.created',
  'contact.updated',
  'note.created',
  'task.*',
  'product.*',
];
const patterns = (count: number) => Array.from({ length: count }, (_, index) => PATTERNS[index % PATTERNS.length]!);

export const createAndRead: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.create-and-read',
  area: 'webhooks',
  title:
    'create answers 201 {webhook, secret} with the fields of 2.13 as saved; no read, list or change shows the secret; 100 patterns and 50 filter values are the most a webhook takes',
  spec: '2.13, 4.11, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const pipelineId = await firstPipelineId(context);
    const name = `conformance ${context.runId} create-and-read`;
    const url = `https://hooks.example.com/crmkit-conformance/${context.runId}`;
    const events = ['invoice.*', 'product.archived'];
    const filters = pipelineId ? { pipeline_ids: [pipelineId] } : undefined;
    const created = await context.client.call('createWebhook', { body: { name, url, events, ...(filters ? { filters } : {}) } });
    if (created.json?.error?.code === 'limit_reached')
      context.skip("the workspace has no room for another webhook (its plan's count is used)");
    const { webhook, secret } = created.json ?? {};
    if (!webhook?.id) return judgeCreated(context, created, webhook, secret, { name, url, events, filters, pipelineId });
    // Deleted when the check ends, not the run: its patterns grow to groups that later checks' events match.
    context.cleanup(() => deleteWebhook(context, webhook.id));
    try {
      await judgeCreated(context, created, webhook, secret, { name, url, events, filters, pipelineId });
    } finally {
      await deleteWebhook(context, webhook.id);
    }
  },
};

type Sent = {
  name: string;
  url: string;
  events: string[];
  filters: { pipeline_ids: string[] } | undefined;
  pipelineId: string | undefined;
};

async function judgeCreated(
  context: CheckContext,
  created: Exchange,
  webhook: any,
  secret: any,
  { name, url, events, filters, pipelineId }: Sent,
): Promise<void> {
  const createProblem =
    created.status !== 201
      ? `create answered ${created.status}, not 201`
      : typeof webhook !== 'object' || typeof secret !== 'string'
        ? 'create did not answer {webhook, secret}'
        : undefined;
  if (createProblem) context.fail(createProblem, created, 'webhooks.create-answer');
  context.judge('webhooks.create-answer', undefined, created);
  context.judge(
    'webhooks.secret-format',
    SECRET_FORMAT.test(secret) ? undefined : `the secret is ${JSON.stringify(secret)}, not whsec_ and 43 characters`,
    created,
  );
  context.judge(
    'webhooks.id-prefix',
    /^wh_[a-z0-9]+$/.test(webhook.id ?? '') ? undefined : `the webhook's id is ${JSON.stringify(webhook.id)}, not wh_...`,
    created,
  );
  context.judge(
    'webhooks.object-name',
    webhook.object === 'webhook' ? undefined : `object is ${JSON.stringify(webhook.object)}, not webhook`,
    created,
  );
  context.judge('webhooks.fields-as-saved', savedProblem(webhook, { name, url, events, filters }), created);
  const filterKeys = ['pipeline_ids', 'stage_ids', 'owner_ids', 'channels'];
  const filtersShown =
    webhook.filters && typeof webhook.filters === 'object' && filterKeys.every((key) => Array.isArray(webhook.filters[key]));
  context.judge(
    'webhooks.filters-four-lists',
    filtersShown ? undefined : `filters is ${JSON.stringify(webhook.filters)}, not the lists ${filterKeys.join(', ')}`,
    created,
  );
  context.judge(
    'webhooks.active-while-working',
    webhook.active === true && webhook.status === 'active'
      ? undefined
      : `a new webhook shows active ${JSON.stringify(webhook.active)} and status ${JSON.stringify(webhook.status)}, not true and active`,
    created,
  );

  await judgeSecretOnce(context, webhook.id, secret);
  await judgePatternLimit(context, webhook.id);
  if (pipelineId) await judgeFilterLimit(context, webhook.id, pipelineId);
  else
    context.judge(
      'webhooks.filter-values-up-to-50',
      'the pipelines route (inferred) does not answer: no pipeline id to fill a filter with',
    );
}

async function firstPipelineId(context: CheckContext): Promise<string | undefined> {
  const pipelines = await context.client.call('listPipelines');
  return pipelines.status === 200 ? pipelines.json?.data?.[0]?.id : undefined;
}

function savedProblem(
  webhook: any,
  sent: { name: string; url: string; events: string[]; filters: { pipeline_ids: string[] } | undefined },
): string | undefined {
  const problems: string[] = [];
  if (webhook.name !== sent.name) problems.push(`name ${JSON.stringify(webhook.name)}`);
  if (webhook.url !== sent.url) problems.push(`url ${JSON.stringify(webhook.url)}`);
  // Spec 2.13 gives the patterns and the filter values no order: the same items in any order.
  const sameItems = (shown: unknown, given: string[]) =>
    Array.isArray(shown) && JSON.stringify([...shown].sort()) === JSON.stringify([...given].sort());
  if (!sameItems(webhook.events, sent.events)) problems.push(`events ${JSON.stringify(webhook.events)}`);
  const pipelineIds = webhook.filters?.pipeline_ids;
  const pipelinesKept = !sent.filters || sameItems(pipelineIds, sent.filters.pipeline_ids);
  if (!pipelinesKept) problems.push(`filters.pipeline_ids ${JSON.stringify(pipelineIds)}`);
  return problems.length ? `the webhook shows ${problems.join(', ')}, not what was sent` : undefined;
}

/** The read, the list and a change of the webhook must not show its secret (inferred read and list routes: looked at where they answer). */
async function judgeSecretOnce(context: CheckContext, id: string, secret: string): Promise<void> {
  const answers = [
    await context.client.call('getWebhook', { path: { id } }),
    await context.client.call('listWebhooks', { query: { limit: 250 } }),
    await context.client.call('updateWebhook', { path: { id }, body: { name: `conformance ${context.runId} create-and-read renamed` } }),
  ];
  // A change (PATCH, a route the spec shows) showing it is stated evidence; the read and list are not shown (they only warn on a deployment).
  const shows = answers.filter((answer) => answer.text.includes(secret));
  const showing = shows.find((answer) => !answer.operation?.isRouteInferred) ?? shows[0];
  context.judge(
    'webhooks.secret-once',
    showing
      ? `${showing.request.method} ${new URL(showing.request.url).pathname} shows the signing secret, which is returned only on creation and rotation`
      : undefined,
    showing,
  );
}

/** 100 patterns are taken, on create and on change, 101 refused with 422 validation_failed. */
async function judgePatternLimit(context: CheckContext, id: string): Promise<void> {
  const createdWithHundred = await createWithHundredPatterns(context);
  const hundred = await context.client.call('updateWebhook', { path: { id }, body: { events: patterns(100) } });
  const more = await context.client.call('updateWebhook', { path: { id }, body: { events: patterns(101) } });
  if (createdWithHundred && createdWithHundred.status !== 201) {
    return context.judge(
      'webhooks.patterns-up-to-100',
      `a webhook created with 100 event patterns answered ${createdWithHundred.status} ${createdWithHundred.json?.error?.code ?? ''}, not 201`,
      createdWithHundred,
    );
  }
  const problem =
    hundred.status !== 200
      ? `100 event patterns answered ${hundred.status}, not 200`
      : more.status !== 422 || more.json?.error?.code !== 'validation_failed'
        ? `101 event patterns answered ${more.status} ${more.json?.error?.code ?? ''}, not 422 validation_failed`
        : undefined;
  context.judge('webhooks.patterns-up-to-100', problem, hundred.status !== 200 ? hundred : more);
}

/**
 * A second webhook created with 100 patterns (create and PATCH may validate apart), deleted at
 * once; undefined when the plan has no room for it (limit_reached), which leaves create unjudged.
 */
async function createWithHundredPatterns(context: CheckContext): Promise<Exchange | undefined> {
  const body = {
    name: `conformance ${context.runId} hundred patterns`,
    url: `https://hooks.example.com/crmkit-conformance/${context.runId}/hundred`,
    events: patterns(100),
  };
  const created = await context.client.call('createWebhook', { body });
  if (created.json?.error?.code === 'limit_reached') return undefined;
  const createdId = created.json?.webhook?.id;
  if (createdId) {
    context.cleanup(() => deleteWebhook(context, createdId));
    await deleteWebhook(context, createdId);
  }
  return created;
}

/** 50 values in a filter are taken, 51 refused with 422 validation_failed. */
async function judgeFilterLimit(context: CheckContext, id: string, pipelineId: string): Promise<void> {
  const fifty = await context.client.call('updateWebhook', {
    path: { id },
    body: { filters: { pipeline_ids: Array(50).fill(pipelineId) } },
  });
  const more = await context.client.call('updateWebhook', {
    path: { id },
    body: { filters: { pipeline_ids: Array(51).fill(pipelineId) } },
  });
  const problem =
    fifty.status !== 200
      ? `50 values in pipeline_ids answered ${fifty.status}, not 200`
      : more.status !== 422 || more.json?.error?.code !== 'validation_failed'
        ? `51 values in pipeline_ids answered ${more.status} ${more.json?.error?.code ?? ''}, not 422 validation_failed`
        : undefined;
  context.judge('webhooks.filter-values-up-to-50', problem, fifty.status !== 200 ? fifty : more);
}
