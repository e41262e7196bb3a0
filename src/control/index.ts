// Every handler of the control API (openapi/mock-control.yaml), by operationId.
import type { HandlerMap } from '../http/handler.ts';
import { clockHandlers } from './clock-handlers.ts';
import { eventHandlers } from './event-handlers.ts';
import { settingsHandlers } from './settings-handlers.ts';
import { workspaceHandlers } from './workspace-handlers.ts';

export const controlHandlers: HandlerMap = {
  ...workspaceHandlers,
  ...clockHandlers,
  ...eventHandlers,
  ...settingsHandlers,
};
