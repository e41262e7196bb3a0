// Every handler of the control API (openapi/mock-control.yaml), by operationId.
import type { HandlerMap } from '../http/handler.ts';
import { oauthControlHandlers } from '../oauth/control-handlers.ts';
import { channelHandlers } from './channel-handlers.ts';
import { clockHandlers } from './clock-handlers.ts';
import { contentHandlers } from './content-handlers.ts';
import { eventHandlers } from './event-handlers.ts';
import { failureHandlers } from './failure-handlers.ts';
import { inspectorHandlers } from '../inspector/control-handlers.ts';
import { faultHandlers } from './fault-handlers.ts';
import { peopleHandlers } from './people-handlers.ts';
import { requestHandlers } from './request-handlers.ts';
import { sessionHandlers } from './session-handlers.ts';
import { settingsHandlers } from './settings-handlers.ts';
import { snapshotHandlers } from './snapshot-handlers.ts';
import { workspaceHandlers } from './workspace-handlers.ts';

export const controlHandlers: HandlerMap = {
  ...workspaceHandlers,
  ...clockHandlers,
  ...contentHandlers,
  ...channelHandlers,
  ...eventHandlers,
  ...faultHandlers,
  ...failureHandlers,
  ...peopleHandlers,
  ...requestHandlers,
  ...sessionHandlers,
  ...settingsHandlers,
  ...snapshotHandlers,
  ...oauthControlHandlers,
  // The inspector page at /_mock/ui (issue 16) and the routes it reads.
  ...inspectorHandlers,
};
