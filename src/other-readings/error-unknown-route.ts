// A path that is none of the interface's routes, or a method its path does not have, answers
// 404 `route_not_found` (no Allow header), not crmkit's 404 `not_found` and 405
// `method_not_allowed`: spec 7.3 gives `not_found` to an "unknown id or number", and the spec
// names no status or code for a route it does not have (7.2's 404 "not found" fits one; RFC 9110
// 15.5.5 lets a server answer 404 for a method it does not disclose).
import { jsonOf } from '../faults/fault.ts';
import { crmRouter } from './crm-router.ts';
import { reanswered } from './error-answer.ts';
import type { OtherReading } from './other-reading.ts';

const ROUTE_NOT_FOUND = {
  en: 'No route of the API has this method and path.',
  ru: 'В API нет маршрута с таким методом и путём.',
  uz: "API'da bunday usul va yo'lli marshrut yo'q.",
};

export const ERROR_UNKNOWN_ROUTE: OtherReading[] = [
  {
    name: 'error-unknown-route',
    description: 'An unknown path, or a method its path does not have, answers 404 route_not_found instead of 404 not_found and 405.',
    leftOpenBy: '7.3 names not_found for an unknown id or number only; the spec names nothing for a route it does not have.',
    wrap: (next, state) => {
      const router = crmRouter(state);
      const unknownPath = (request: Request, method: string) => router.match(method, new URL(request.url).pathname).kind === 'not_found';
      return async (request, info) => {
        const response = await next(request, info);
        if (response.status !== 404 && response.status !== 405) return response;
        const body = await jsonOf(response);
        const code = body?.error?.code;
        const routeMissing =
          code === 'method_not_allowed' || (code === 'not_found' && unknownPath(request, info?.method ?? request.method));
        if (!routeMissing) return response;
        const change = { status: 404, code: 'route_not_found', texts: ROUTE_NOT_FOUND, headers: { Allow: null } };
        return reanswered(request, response, body, change);
      };
    },
  },
];
