// The tag settings route takes PUT (the whole settings object), not crmkit's PATCH: spec 4.4
// shows `/v1/tags/settings` and its body `{admins_only_create: boolean}` but says "Method of the
// settings route ... not shown". PATCH answers 405.
import type { OtherReading } from './other-reading.ts';
import { designedRoutes } from './route-design.ts';

export const ROUTE_TAG_SETTINGS: OtherReading[] = [
  {
    name: 'route-tag-settings',
    description: 'The tag settings route is PUT /v1/tags/settings instead of PATCH.',
    leftOpenBy: '4.4: "Method of the settings route and scope of tag creation: not shown."',
    readings: ['tags.settings-change'],
    wrap: (next, state) => designedRoutes(next, state, [{ path: /^\/v1\/tags\/settings$/, offers: { PUT: 'PATCH' } }]),
  },
];
