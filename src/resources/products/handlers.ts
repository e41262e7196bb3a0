// Handlers of the products routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const productsHandlers: HandlerMap = {};
