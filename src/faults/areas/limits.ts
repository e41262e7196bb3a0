// Mutants of the limits rules (spec 7.2, 7.3): each is a bug another team's gateway might ship;
// the limits family's checks (limits.concurrency-limited, limits.read-only) must catch it.
import { ApiError } from '../../errors/api-error.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { jsonOf, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { callerWorkspace, errorAnswer } from '../request-match.ts';

/** The writes the read-only check sends after the workspace is paid (spec 7.2: writes answer again). */
const WRITES: OperationId[] = [
  'createLead',
  'updateLead',
  'deleteLead',
  'restoreLead',
  'createContact',
  'updateContact',
  'deleteContact',
  'restoreContact',
];

export const limitsMutants: Fault[] = [
  {
    name: 'concurrency-per-workspace',
    area: 'limits',
    proves: ['limits.concurrency-per-key'],
    description:
      "Requests in flight are counted per workspace, not per key: while one key's request is in flight, another key of the workspace is refused 429 concurrency_limited (spec 7.3).",
    wrap: (next, state) => async (request, info) => {
      const workspace = callerWorkspace(state, request);
      const limit = workspace?.limits.concurrentRequests;
      if (!workspace || limit === null || limit === undefined) return next(request, info);
      const inFlight = faultMemory(state, 'concurrency-per-workspace', () => new Map<Workspace, number>());
      const count = inFlight.get(workspace) ?? 0;
      if (count >= limit) {
        const refusal = new Response(null, { headers: { 'x-request-id': request.headers.get('x-request-id') ?? '' } });
        return errorAnswer(
          state,
          refusal,
          429,
          { code: 'concurrency_limited', message: 'Too many requests in flight.' },
          { 'Retry-After': '1' },
        );
      }
      inFlight.set(workspace, count + 1);
      try {
        return await next(request, info);
      } finally {
        inFlight.set(workspace, (inFlight.get(workspace) ?? 1) - 1);
      }
    },
  },
  {
    name: 'read-only-cached',
    area: 'limits',
    proves: ['limits.read-only-lifted'],
    description:
      "The gateway caches a workspace's read-only flag and refreshes it only when it refuses a write: once the subscription is paid, the next write is still refused 402 read_only (spec 7.2: writes answer again).",
    // Where the refusal is seen (before the handler, spec 7.3's 402), the workspace is remembered.
    wrap: (next, state) => async (request, info) => {
      const response = await next(request, info);
      if (response.status !== 402 || (await jsonOf(response))?.error?.code !== 'read_only') return response;
      const workspace = callerWorkspace(state, request);
      if (workspace?.readOnly) faultMemory(state, 'read-only-cached', () => new Set<Workspace>()).add(workspace);
      return response;
    },
    // The next write of a remembered workspace is refused (and the flag refreshed), inside its transaction, before the handler writes.
    operations: WRITES,
    aroundHandler: async (next, context) => {
      const workspace = context.caller!.workspace;
      const cached = faultMemory(context.state, 'read-only-cached', () => new Set<Workspace>());
      if (!cached.delete(workspace)) return next();
      throw new ApiError('read_only');
    },
  },
];
