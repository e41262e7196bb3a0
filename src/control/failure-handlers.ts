// /_mock/failures: failures on demand (src/failures/).
import type { HandlerMap } from '../http/handler.ts';
import type { FailureRule } from '../failures/failure-rules.ts';

export const failureHandlers: HandlerMap = {
  listFailures({ state }) {
    return { body: { data: state.failures.list() } };
  },

  setFailures({ state, input }) {
    state.failures.set((input.body as { rules: FailureRule[] }).rules);
    return { body: { data: state.failures.list() } };
  },
};
