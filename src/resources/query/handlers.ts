// Handlers of the query routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const queryHandlers: HandlerMap = {};
