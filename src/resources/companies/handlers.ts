// Handlers of the companies routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const companiesHandlers: HandlerMap = {};
