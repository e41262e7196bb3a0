import type { Observation, Observer } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';

const VALID = /^[A-Za-z0-9._-]{1,64}$/;

/** The header's absence breaks errors.request-id-header; a caller's valid id not given back breaks errors.request-id-own. */
function judgeRequestId({ headers, sentRequestId }: Exchange): Observation[] {
  const answered = headers['x-request-id'];
  if (!answered) return [{ rule: 'errors.request-id-header', problem: 'no X-Request-Id header' }];
  if (sentRequestId && VALID.test(sentRequestId) && answered !== sentRequestId) return [{ rule: 'errors.request-id-own', problem: `sent X-Request-Id ${sentRequestId}, got ${answered} back` }];
  return [];
}

export const requestId: Observer = {
  kind: 'observer',
  id: 'responses.request-id',
  family: 'responses',
  title: "every answer carries X-Request-Id, the caller's own when it sent a valid one",
  spec: '7.1',
  basis: 'documented',
  judge: judgeRequestId,
  observe: (exchange) => judgeRequestId(exchange)[0]?.problem,
};
