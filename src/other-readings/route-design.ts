// What the route readings (route-*.ts) share: a path the spec shows without its methods, or
// routes it does not show at all, designed another way. A design names, for the paths it matches,
// each method the deployment offers and crmkit's method that serves it; any other method answers
// 405 `method_not_allowed` with the offered ones in Allow, as the mock answers a method its path
// does not have (RFC 9110 15.5.6).
import { requestIdFor } from '../http/request-id.ts';
import { withBody } from '../wire/held-body.ts';
import { jsonResponse } from '../wire/json-response.ts';
import { messageFor, pickLanguage } from '../errors/messages.ts';
import type { MockState } from '../mock-state.ts';
import type { Handle } from './other-reading.ts';
import { errorDocsUrl } from '../errors/docs-url.ts';

export type RouteDesign = { path: RegExp; offers: Record<string, string> };

export function designedRoutes(next: Handle, state: MockState, designs: RouteDesign[]): Handle {
  return async (request, info) => {
    const design = designs.find(({ path }) => path.test(new URL(request.url).pathname));
    if (!design) return next(request, info);
    const method = info?.method ?? request.method;
    const served = design.offers[method];
    if (served === undefined) return notOffered(request, state, Object.keys(design.offers));
    if (served === method) return next(request, info);
    return next(new Request(request, { method: served, duplex: 'half' } as RequestInit), { ...info, method: served });
  };
}

/** The 405 of a method the path does not offer, in the mock's envelope (spec 7.1). */
function notOffered(request: Request, state: MockState, offered: string[]): Response {
  const requestId = requestIdFor(request);
  const code = 'method_not_allowed';
  const message = messageFor(code, pickLanguage(request.headers.get('accept-language')));
  const body = { error: { code, message, request_id: requestId, docs_url: errorDocsUrl(state.config, code) } };
  return withBody(jsonResponse(body, { status: 405, headers: { 'X-Request-Id': requestId, Allow: offered.join(', ') } }));
}
