// What the mutants of leads share (areas/leads-changes.ts, conventions-leads.ts): the product lines
// a lead-products route answers (spec 4.2), changed one by one.
import { alterOk, callerWorkspace, onOperation } from './request-match.ts';

/** Every product line a lead-products route answers (one, or a list), changed by `alter`. */
export function onLines(alter: (line: any, state: Parameters<typeof callerWorkspace>[0], request: Request) => any) {
  return onOperation(
    ['listLeadProducts', 'addLeadProduct', 'updateLeadProduct', 'removeLeadProduct'],
    async (next, request, info, _routed, state) =>
      alterOk(await next(request, info), (body) =>
        Array.isArray(body.data)
          ? { ...body, data: body.data.map((line: any) => alter(line, state, request)) }
          : body.id
            ? alter(body, state, request)
            : body,
      ),
  );
}
