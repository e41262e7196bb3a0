// Handlers of the members routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const membersHandlers: HandlerMap = {};
