// The five task sub-routes (complete, reopen, snooze, reschedule, restore) take PUT, not crmkit's
// POST: spec 4.10 names them under /v1/tasks/{id}/ and their bodies but says "Methods of the five
// sub-routes: not shown"; each sets a state, which PUT (idempotent) fits as well. POST answers 405.
import type { OtherReading } from './other-reading.ts';
import { designedRoutes } from './route-design.ts';

const SUB_ROUTES = /^\/v1\/tasks\/[^/]+\/(complete|reopen|snooze|reschedule|restore)$/;

export const ROUTE_TASK_ACTIONS: OtherReading[] = [
  {
    name: 'route-task-actions',
    description: 'The task sub-routes (complete, reopen, snooze, reschedule, restore) take PUT instead of POST.',
    leftOpenBy: '4.10: "Methods of the five sub-routes: not shown."',
    readings: ['tasks.subroute-methods'],
    wrap: (next, state) => designedRoutes(next, state, [{ path: SUB_ROUTES, offers: { PUT: 'POST' } }]),
  },
];
