// Spec 7.1 and 8: a caller may send its own X-Request-Id of up to 64 letters, digits, `-`, `_`,
// `.`; it is used and returned (the header; error.request_id follows it, the envelope's rule). It sends one of exactly
// 64 characters using every kind of character allowed, and ids the spec does not allow (65
// characters, a space and a slash): those must not come back as the request id (not shown what
// happens instead: a new id, or a 400 refusal, both pass).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';

const LONGEST = `conf-${'a1B2.c3_D4-'.repeat(6)}`.slice(0, 64);

export const requestIdLength: ActiveCheck = {
  kind: 'active',
  id: 'limits.request-id-length',
  area: 'limits',
  title:
    "a caller's X-Request-Id of 64 letters, digits, -, _ and . is returned whole in the header and in error.request_id; one of 65 characters or with other characters is not",
  spec: '7.1, 8',
  basis: 'documented',
  writes: false,
  async run(context) {
    // One rule per behaviour: own ids not used at all are errors.request-id-own's (the observer judges
    // every request's), a body that differs from the header is errors.request-id-in-body's; this check
    // judges the 64-character boundary of part 8 alone.
    const short = await notFound(context, 'conf-short.id_1');
    if (short.headers['x-request-id'] !== 'conf-short.id_1')
      context.skipRule('limits.request-id-64', 'a short own X-Request-Id is not used either (errors.request-id-own)');
    else {
      const longest = await notFound(context, LONGEST);
      const back = longest.headers['x-request-id'];
      context.judge(
        'limits.request-id-64',
        back === LONGEST ? undefined : `sent a 64-character X-Request-Id, got ${back ?? 'none'} back`,
        longest,
      );
    }
    for (const [what, id] of [
      ['65 characters', `${LONGEST}x`],
      ['a space', 'conf id'],
      ['a slash', 'conf/id'],
    ] as const) {
      const answer = await notFound(context, id);
      const used = answer.headers['x-request-id'] === id || answer.json?.error?.request_id === id;
      context.judge('limits.request-id-over-64', used ? `an X-Request-Id with ${what} was used as the request id` : undefined, answer);
    }
  },
};

/** A read of a lead that does not exist: an error, so error.request_id can be compared too. */
function notFound(context: CheckContext, requestId: string): Promise<Exchange> {
  // send, not call: an own X-Request-Id (of 65 characters, a space, a slash) is a request header the document does not describe.
  return context.client.send('GET', `/v1/leads/ld_${'0'.repeat(26)}`, { headers: { 'x-request-id': requestId } });
}
