// No route lists, reads or deletes a webhook: spec 4.11 shows create, PATCH, ping, enable,
// rotate-secret and the deliveries, and says "Routes to list, read and delete a webhook ...: not
// shown" (a deployment may offer them in its web app only). GET /v1/webhooks, GET and DELETE
// /v1/webhooks/{id} answer 405; a webhook is switched off with PATCH `{active: false}`.
import type { OtherReading } from './other-reading.ts';
import { designedRoutes } from './route-design.ts';

export const ROUTE_WEBHOOKS_UNLISTED: OtherReading[] = [
  {
    name: 'route-webhooks-unlisted',
    description: 'No route lists, reads or deletes a webhook (GET /v1/webhooks, GET and DELETE /v1/webhooks/{id} answer 405).',
    leftOpenBy: '4.11: "Routes to list, read and delete a webhook, and the scope of the other routes beyond creation: not shown."',
    wrap: (next, state) =>
      designedRoutes(next, state, [
        { path: /^\/v1\/webhooks$/, offers: { POST: 'POST' } },
        { path: /^\/v1\/webhooks\/[^/]+$/, offers: { PATCH: 'PATCH' } },
      ]),
  },
];
