import type { Observer } from '../../check.ts';

const VALID = /^[A-Za-z0-9._-]{1,64}$/;

export const requestId: Observer = {
  kind: 'observer',
  id: 'responses.request-id',
  family: 'responses',
  title: "every answer carries X-Request-Id, the caller's own when it sent a valid one",
  spec: '7.1',
  basis: 'documented',
  observe({ headers, sentRequestId }) {
    const answered = headers['x-request-id'];
    if (!answered) return 'no X-Request-Id header';
    if (sentRequestId && VALID.test(sentRequestId) && answered !== sentRequestId) return `sent X-Request-Id ${sentRequestId}, got ${answered} back`;
    return undefined;
  },
};
