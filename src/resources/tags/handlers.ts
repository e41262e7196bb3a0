// Handlers of the tags routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const tagsHandlers: HandlerMap = {};
