// Faults in the limits rules: each breaks one rule the way a real implementation might, and a check
// of the limits family must catch it (test/conformance/mutation.test.ts).
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, onErrorCode, type Fault } from './fault.ts';

export const limitsFaults: Fault[] = [
  {
    name: 'read-only-lets-deletes-through',
    family: 'limits',
    description: "A read-only workspace refuses creates and changes with 402 read_only but lets deletes through: the guard lists POST, PUT and PATCH and forgot DELETE.",
    wrap: (next, state) => async (request, info) => {
      const workspace = request.method === 'DELETE' ? workspaceOfRequest(state, request) : undefined;
      if (!workspace?.readOnly) return next(request, info);
      workspace.readOnly = false;
      try {
        return await next(request, info);
      } finally {
        workspace.readOnly = true;
      }
    },
  },
  {
    name: 'rate-limited-without-retry-after',
    family: 'limits',
    description: 'rate_limited answers 429 without the Retry-After header and without reason and limit, as a bare gateway refusal would.',
    wrap: onErrorCode('rate_limited', (response, body) => {
      const { reason: _reason, limit: _limit, ...error } = body.error;
      return changed(response, { body: { error }, headers: { 'retry-after': null } });
    }),
  },
  {
    name: 'concurrency-as-rate-limited',
    family: 'limits',
    description: 'Too many requests in flight answer 429 rate_limited (one limiter for both) instead of concurrency_limited.',
    wrap: onErrorCode('concurrency_limited', (response, body) => changed(response, { body: { error: { ...body.error, code: 'rate_limited', reason: 'concurrency', limit: 1 } } })),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'rate-limited-without-limit',
    family: 'limits',
    description: 'A 429 rate_limited answer carries Retry-After but not the `reason` and `limit` keys (spec 7.1, 7.3).',
    wrap: onErrorCode('rate_limited', (response, body) => {
      const { reason: _reason, limit: _limit, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'retry-after-as-http-date',
    family: 'limits',
    description: 'rate_limited answers give Retry-After as an HTTP date (the gateway\'s form) instead of the seconds to wait (spec 7.2: retry after Retry-After seconds).',
    wrap: onErrorCode('rate_limited', (response) => {
      const seconds = Number(response.headers.get('retry-after'));
      if (!Number.isFinite(seconds)) return response;
      return changed(response, { headers: { 'Retry-After': new Date(Date.now() + seconds * 1000).toUTCString() } });
    }),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'rate-limited-without-reason',
    family: 'limits',
    description: 'rate_limited answers leave out reason (only limit is set by the limiter) (spec 7.1: reason and limit on rate_limited).',
    wrap: onErrorCode('rate_limited', (response, body) => {
      const { reason: _dropped, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
];

function workspaceOfRequest(state: MockState, request: Request): Workspace | undefined {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return secret ? state.findCredential(secret)?.workspace : undefined;
}
