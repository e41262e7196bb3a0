import type { ActiveCheck } from '../../check.ts';

export const bodyTooLarge: ActiveCheck = {
  kind: 'active',
  id: 'input.body-too-large',
  family: 'input',
  title: 'a body over 1 MB answers 413 body_too_large',
  spec: '8, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    const body = JSON.stringify({ name: 'x', source: 'y'.repeat(1024 * 1024) });
    const answer = await context.client.send('POST', '/v1/leads', { rawBody: body, headers: { 'content-type': 'application/json' } });
    if (answer.status === 201) context.cleanup(() => context.client.send('DELETE', `/v1/leads/${answer.json.id}`));
    context.expectError(answer, 413, 'body_too_large');
  },
};
