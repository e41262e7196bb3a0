import type { Observation, Observer } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';

/** A caller's own id below part 8's bound: the 64-character one is limits.request-id-64's (request-id-length.ts). */
const VALID = /^[A-Za-z0-9._-]{1,63}$/;

/**
 * Every answer bears on errors.request-id-header (its absence breaks it); one to a caller's valid id
 * bears on errors.request-id-own too, when the header is there (a missing one is the header's rule only).
 */
function judgeRequestId({ headers, sentRequestId }: Exchange): Observation[] {
  const answered = headers['x-request-id'];
  if (!answered) return [{ rule: 'errors.request-id-header', problem: 'no X-Request-Id header' }];
  const header = { rule: 'errors.request-id-header' };
  if (!sentRequestId || !VALID.test(sentRequestId)) return [header];
  const own = answered === sentRequestId ? undefined : `sent X-Request-Id ${sentRequestId}, got ${answered} back`;
  return [header, { rule: 'errors.request-id-own', problem: own }];
}

export const requestId: Observer = {
  kind: 'observer',
  id: 'errors.request-id',
  area: 'errors',
  title: "every answer carries X-Request-Id, the caller's own when it sent a valid one",
  spec: '7.1',
  basis: 'documented',
  judge: judgeRequestId,
};
