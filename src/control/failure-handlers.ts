// /_mock/failures: failures on demand (src/failures/).
import { ApiError } from '../errors/api-error.ts';
import type { HandlerMap } from '../http/handler.ts';
import type { FailureRule } from '../failures/failure-rules.ts';
import { unknownOperationProblem } from '../failures/operation-ids.ts';

export const failureHandlers: HandlerMap = {
  listFailures({ state }) {
    return { body: { data: state.failures.list() } };
  },

  setFailures({ state, input }) {
    const { rules } = input.body as { rules: FailureRule[] };
    // A rule naming no operation of the CRM document could never match a call: refused, not kept silently.
    const fields: Record<string, string> = {};
    rules.forEach((rule, index) => {
      const problem = unknownOperationProblem(rule.operation);
      if (problem) fields[`rules[${index}].operation`] = problem;
    });
    if (Object.keys(fields).length) throw new ApiError('validation_failed', { fields });
    state.failures.set(rules);
    return { body: { data: state.failures.list() } };
  },
};
