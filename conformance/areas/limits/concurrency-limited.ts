// Spec 7.2 and 7.3: too many requests in flight for a key answer 429 concurrency_limited (a 429:
// Retry-After). The number allowed is not shown, so the check sets it to 1 on a crmkit mock
// (control API settings) and skips against a deployment. One request is held in flight by sending
// its body slowly (chunked, so the server reads it after admitting the request); it is a query,
// a read, so nothing is left behind. Another key is answered meanwhile, and the first key once
// its request has ended.
import { Readable } from 'node:stream';
import { request } from 'undici';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { withWorkspaceSettings } from './limits-kit.ts';

export const concurrencyLimited: ActiveCheck = {
  kind: 'active',
  id: 'limits.concurrency-limited',
  area: 'limits',
  title:
    'with one request of a key in flight (the limit set to 1), its next request answers 429 concurrency_limited with Retry-After; another key is answered, and the key again once the first request ends',
  spec: '7.2, 7.3',
  basis: 'documented',
  writes: false,
  leaves: 'used-up',
  async run(context) {
    const why = 'the number of requests in flight allowed is not shown (spec 7.3), and only a mock lets the suite set it';
    await withWorkspaceSettings(context, why, { limits: { concurrent_requests: 1 } }, async () => {
      const held = holdRequest(context);
      try {
        const refused = await refusedWhileHeld(context);
        const error = refused.json?.error;
        context.judge(
          'limits.concurrency-limited',
          refused.status === 429 && error?.code === 'concurrency_limited'
            ? undefined
            : `a second request in flight answered ${refused.status} ${error?.code ?? ''}, not 429 concurrency_limited`,
          refused,
        );
        const retryAfter = refused.headers['retry-after'];
        const retryProblem =
          refused.status === 429 && !/^\d+$/.test(retryAfter ?? '') ? `429 with Retry-After ${retryAfter ?? 'missing'}` : undefined;
        context.judge('limits.concurrency-retry-after', retryProblem, refused);
        context.judge('errors.status-429-retry-after', retryProblem, refused);
        const other = context.target.limitedKey;
        if (other) {
          const answer = await whoami(context, other);
          context.judge(
            'limits.concurrency-per-key',
            answer.status === 200
              ? undefined
              : `another key answered ${answer.status} ${answer.json?.error?.code ?? ''} while the first key had a request in flight`,
            answer,
          );
        }
      } finally {
        await held.finish();
      }
      const after = await whoami(context);
      context.judge(
        'limits.concurrency-per-key',
        after.status === 200
          ? undefined
          : `after its request in flight ended the key still answered ${after.status} ${after.json?.error?.code ?? ''}`,
        after,
      );
    });
  },
};

function whoami(context: CheckContext, key?: string): Promise<Exchange> {
  return context.client.call('getWhoami', { ...(key ? { key } : {}), honorRetryAfter: false });
}

/**
 * The key's second request while the first is held: the held request is admitted once its
 * headers arrive, which the suite cannot see, so it asks again a few times within a second.
 */
async function refusedWhileHeld(context: CheckContext): Promise<Exchange> {
  let answer = await whoami(context);
  for (let attempt = 0; attempt < 10 && answer.status === 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await whoami(context);
  }
  return answer;
}

/** A query whose body is sent in two chunks, the second only when `finish` is called. */
function holdRequest(context: CheckContext): { finish(): Promise<void> } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const text = JSON.stringify({ query: { op: 'and', conditions: [{ field: 'amount', op: 'gte', value: 0 }] }, limit: 1 });
  async function* body() {
    yield Buffer.from(text.slice(0, 10));
    await released;
    yield Buffer.from(text.slice(10));
  }
  const answered = request(`${context.target.baseUrl}/v1/query/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.target.apiKey}`, 'content-type': 'application/json' },
    body: Readable.from(body()),
  }).then(
    (response) => response.body.text(),
    () => undefined,
  );
  return {
    async finish() {
      release();
      await answered;
    },
  };
}
