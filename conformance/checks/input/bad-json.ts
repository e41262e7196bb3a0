import type { ActiveCheck } from '../../check.ts';

export const badJson: ActiveCheck = {
  kind: 'active',
  id: 'input.bad-json',
  family: 'input',
  title: 'malformed JSON and a value of the wrong type answer 400 bad_json',
  spec: '2.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    const malformed = await context.client.send('POST', '/v1/leads', { rawBody: '{"name": "unterminated', headers: { 'content-type': 'application/json' } });
    context.expectError(malformed, 400, 'bad_json');
    const mistyped = await context.client.send('POST', '/v1/leads', { body: { name: 42 } });
    if (mistyped.status === 201) context.cleanup(() => context.client.send('DELETE', `/v1/leads/${mistyped.json.id}`));
    context.expectError(mistyped, 400, 'bad_json');
    // Spec 2.1: a body is one JSON object; valid JSON of another kind is malformed for the API.
    for (const rawBody of ['[{"name": "x"}]', '"x"']) {
      const notObject = await context.client.send('POST', '/v1/leads', { rawBody, headers: { 'content-type': 'application/json' } });
      if (notObject.status === 201) context.cleanup(() => context.client.send('DELETE', `/v1/leads/${notObject.json.id}`));
      const refused = notObject.status === 400 && notObject.json?.error?.code === 'bad_json';
      context.judge('conventions.request-body-json-object', refused ? undefined : `a body of ${rawBody} answered ${notObject.status} ${notObject.json?.error?.code ?? ''}, not 400 bad_json`, notObject);
    }
  },
};
