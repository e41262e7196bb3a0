// Handlers of the leads routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const leadsHandlers: HandlerMap = {};
