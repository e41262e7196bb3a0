// Spec 7.2, 7.3 and 8: too many requests answer 429 rate_limited with Retry-After, `reason` and
// `limit`; the limits count per key (their numbers are not shown). A deployment's limits are
// unknown and the suite must not hammer it, so the check sets a small limit on a crmkit mock
// (control API settings), moves the mock's clock past Retry-After rather than wait, and lifts the
// limit after. The refused request is a create, so that "changes nothing" can be judged.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { withWorkspaceSettings } from './limits-kit.ts';
import { advanceMockClock } from '../../mock-control.ts';

const LIMIT = 3;

export const rateLimited: ActiveCheck = {
  kind: 'active',
  id: 'limits.rate-limited',
  area: 'limits',
  title: `past ${LIMIT} requests a minute a key gets 429 rate_limited with Retry-After, reason and limit, makes nothing, while another key is answered; after Retry-After it is answered again`,
  spec: '7.2, 7.3, 8',
  basis: 'documented',
  writes: true,
  leaves: 'used-up',
  async run(context) {
    const why = 'the numeric rate limits are not shown (spec 8) and a deployment is not to be hammered';
    await withWorkspaceSettings(context, why, { limits: { requests_per_second: null, requests_per_minute: LIMIT } }, async () => {
      for (let sent = 0; sent < LIMIT; sent++) context.expectStatus(await whoami(context), 200);
      const name = `conformance ${context.runId} rate-limited`;
      const refused = await context.client.call('createLead', { body: { name }, honorRetryAfter: false });
      if (refused.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: refused.json.id } }));
      const error = refused.json?.error;
      context.judge(
        'limits.rate-limited',
        refused.status !== 429 || error?.code !== 'rate_limited'
          ? `request ${LIMIT + 1} of a minute answered ${refused.status} ${error?.code ?? ''}, not 429 rate_limited`
          : undefined,
        refused,
      );
      if (refused.status !== 429) context.fail(`the limit of ${LIMIT} requests a minute was not applied`, refused, 'limits.rate-limited');
      const retryAfter = refused.headers['retry-after'];
      const seconds = Number(retryAfter);
      context.judge(
        'limits.rate-limited-retry-after',
        /^\d+$/.test(retryAfter ?? '') && seconds >= 1
          ? undefined
          : `Retry-After is ${retryAfter ?? 'missing'}, not whole seconds of at least 1`,
        refused,
      );
      context.judge('errors.status-429-retry-after', retryAfter === undefined ? '429 without Retry-After' : undefined, refused);
      const reasonProblem =
        typeof error?.reason !== 'string' || !error.reason
          ? `reason is ${JSON.stringify(error?.reason)}`
          : error?.limit !== LIMIT
            ? `limit is ${JSON.stringify(error?.limit)}, not the ${LIMIT} set`
            : undefined;
      context.judge('limits.rate-limited-reason-limit', reasonProblem, refused);
      context.judge('errors.extra-rate-limited', reasonProblem, refused);
      await judgePerKey(context);
      // Past Retry-After (the mock's clock, not a wait) the key is answered again.
      await advanceMockClock(context, Math.max(seconds || 60, 1));
      const again = await whoami(context);
      context.judge(
        'limits.rate-window-passes',
        again.status === 200 ? undefined : `after Retry-After the key still answered ${again.status}`,
        again,
      );
      await judgeNothingMade(context, name);
    });
  },
};

function whoami(context: CheckContext, key?: string) {
  return context.client.call('getWhoami', { ...(key ? { key } : {}), honorRetryAfter: false });
}

/** Another key of the workspace is counted on its own. */
async function judgePerKey(context: CheckContext): Promise<void> {
  const other = context.target.limitedKey;
  if (!other) return;
  const answer = await whoami(context, other);
  context.judge(
    'limits.rate-per-key',
    answer.status === 200
      ? undefined
      : `another key of the workspace answered ${answer.status} ${answer.json?.error?.code ?? ''} while the first was limited`,
    answer,
  );
}

/** The refused create made no lead. */
async function judgeNothingMade(context: CheckContext, name: string): Promise<void> {
  const found = await context.client.call('runQuery', {
    path: { entity: 'leads' },
    body: { query: { op: 'and', conditions: [{ field: 'name', op: 'eq', value: name }] }, limit: 5 },
  });
  context.expectStatus(found, 200);
  for (const lead of found.json.data) context.cleanup(() => context.client.call('deleteLead', { path: { id: lead.id } }));
  context.judge(
    'limits.rate-limited-no-side-effect',
    found.json.data.length ? `the create refused with 429 made lead ${found.json.data[0].id}` : undefined,
    found,
  );
}
