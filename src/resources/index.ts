// Every handler of the CRM API, by operationId. Operations without one answer 501.
import type { HandlerMap } from '../http/handler.ts';
import { identityHandlers } from './identity/handlers.ts';

export const crmHandlers: HandlerMap = {
  ...identityHandlers,
};
