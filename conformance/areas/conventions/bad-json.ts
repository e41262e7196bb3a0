import type { ActiveCheck } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';

function badJsonProblem(exchange: Exchange, what: string): string | undefined {
  return exchange.status === 400 && exchange.json?.error?.code === 'bad_json'
    ? undefined
    : `${what} answered ${exchange.status} ${exchange.json?.error?.code ?? ''}, not 400 bad_json`;
}

export const badJson: ActiveCheck = {
  kind: 'active',
  id: 'conventions.bad-json',
  area: 'conventions',
  title: 'malformed JSON, a value of the wrong type and a body that is not application/json answer 400 bad_json',
  spec: '2.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    // send, not call, throughout: raw bodies (malformed, not one object, not JSON) and a name of the wrong type, on purpose.
    const malformed = await context.client.send('POST', '/v1/leads', {
      rawBody: '{"name": "unterminated',
      headers: { 'content-type': 'application/json' },
    });
    // Spec 7.2 gives malformed JSON 400; the code bad_json is 7.3's for a value of the wrong type (errors.bad-json-malformed's reading).
    const malformedStatus = malformed.status === 400 ? undefined : `malformed JSON answered ${malformed.status}, not 400`;
    context.judge('errors.status-400', malformedStatus, malformed);
    context.judge('errors.bad-json-malformed', badJsonProblem(malformed, 'malformed JSON'), malformed);
    const mistyped = await context.client.send('POST', '/v1/leads', { body: { name: 42 } });
    if (mistyped.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: mistyped.json.id } }));
    const mistypedProblem = badJsonProblem(mistyped, 'a name of the wrong type (a number)');
    context.judge('conventions.wrong-type', mistypedProblem, mistyped);
    context.judge('errors.bad-json', mistypedProblem, mistyped);
    // Spec 2.1: a body is one JSON object; valid JSON of another kind is malformed for the API.
    for (const rawBody of ['[{"name": "x"}]', '"x"']) {
      const notObject = await context.client.send('POST', '/v1/leads', { rawBody, headers: { 'content-type': 'application/json' } });
      if (notObject.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: notObject.json.id } }));
      const refused = notObject.status === 400 && notObject.json?.error?.code === 'bad_json';
      context.judge(
        'conventions.request-body-json-object',
        refused ? undefined : `a body of ${rawBody} answered ${notObject.status} ${notObject.json?.error?.code ?? ''}, not 400 bad_json`,
        notObject,
      );
    }
    // Spec 2.1: bodies are sent as application/json; the same lead as text/plain or as a form is refused and makes
    // nothing, with 7.2's 400 (malformed) or HTTP's 415 (RFC 9110), which the document lists beside it (conventions.yaml).
    const name = `conformance ${context.runId} content type`;
    const others: [string, string][] = [
      ['text/plain', JSON.stringify({ name })],
      ['application/x-www-form-urlencoded', new URLSearchParams({ name }).toString()],
    ];
    let problem: string | undefined;
    let evidence;
    for (const [type, rawBody] of others) {
      const sent = await context.client.send('POST', '/v1/leads', { rawBody, headers: { 'content-type': type } });
      if (sent.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: sent.json.id } }));
      if (!problem && !(sent.status === 400 || sent.status === 415))
        [problem, evidence] = [`a lead sent as ${type} answered ${sent.status}, not 400 (or 415): bodies are application/json`, sent];
    }
    context.judge('conventions.request-content-type', problem, evidence);
  },
};
