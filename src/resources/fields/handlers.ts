// Handlers of the fields routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const fieldsHandlers: HandlerMap = {};
