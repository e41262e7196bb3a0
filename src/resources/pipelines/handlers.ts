// Handlers of the pipelines routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const pipelinesHandlers: HandlerMap = {};
