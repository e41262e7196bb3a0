// Spec 8 and 7.3: a request body over 1 MB answers 413 body_too_large; one under it is read and
// judged on its values (here a source far over its 64 characters: 422, not 413). "1 MB" may be
// read as 10^6 or 2^20 bytes: the body under it is under both, the body over it over both.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';

export const bodyTooLarge: ActiveCheck = {
  kind: 'active',
  id: 'limits.body-too-large',
  area: 'limits',
  title: 'a body over 1 MB answers 413 body_too_large, one under 1 MB is read',
  spec: '8, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    const over = await send(context, 1024 * 1024);
    const refused = over.status === 413 && over.json?.error?.code === 'body_too_large';
    const problem = refused
      ? undefined
      : `a body over 1 MB answered ${over.status} ${over.json?.error?.code ?? ''}, not 413 body_too_large`;
    for (const rule of ['limits.body-over-1mb', 'errors.body-too-large', 'errors.status-413']) context.judge(rule, problem, over);
    const under = await send(context, 990_000);
    context.judge('limits.body-under-1mb-read', under.status === 413 ? 'a body under 1 MB answered 413' : undefined, under);
  },
};

/** A lead create whose source makes the body a little over `bytes` long. */
async function send(context: CheckContext, bytes: number) {
  // send, not call: a body of a length chosen byte by byte (over 1 MB on purpose) is sent raw.
  const answer = await context.client.send('POST', '/v1/leads', {
    rawBody: JSON.stringify({ name: `conformance ${context.runId}`, source: 'y'.repeat(bytes) }),
    headers: { 'content-type': 'application/json' },
  });
  if (answer.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: answer.json.id } }));
  return answer;
}
