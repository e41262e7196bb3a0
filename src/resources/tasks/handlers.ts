// Handlers of the tasks routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const tasksHandlers: HandlerMap = {};
