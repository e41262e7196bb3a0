// Handlers of the contacts routes, by operationId.
import type { HandlerMap } from '../../http/handler.ts';

export const contactsHandlers: HandlerMap = {};
