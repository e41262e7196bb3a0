// Handlers of the timeline routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const timelineHandlers: HandlerMap = {};
