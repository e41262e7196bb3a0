// Mutants of the request id limits (spec 8): the length of an X-Request-Id the service keeps or
// replaces, and the id it sends back.
import { changed, jsonOf, type Fault } from '../fault.ts';

export const limitsRequestIdsMutants: readonly Fault[] = [
  {
    name: 'request-id-truncated',
    area: 'limits',
    proves: ['limits.request-id-64'],
    description:
      "A caller's X-Request-Id is cut to 36 characters (kept in a UUID-sized column), so a valid id of up to 64 characters comes back changed.",
    wrap: (next) => async (request, info) => {
      const supplied = request.headers.get('x-request-id');
      if (!supplied || supplied.length <= 36) return next(request, info);
      const headers = new Headers(request.headers);
      headers.set('x-request-id', supplied.slice(0, 36));
      return next(new Request(request, { headers }), info);
    },
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'request-id-64-replaced',
    area: 'limits',
    proves: ['limits.request-id-64'],
    description:
      "A caller's X-Request-Id of exactly 64 characters is replaced by one of the service's own: the length is checked with < 64 (spec 7.1, 8: up to 64).",
    wrap: (next) => (request, info) => {
      if ((request.headers.get('x-request-id') ?? '').length !== 64) return next(request, info);
      const headers = new Headers(request.headers);
      headers.delete('x-request-id');
      return next(new Request(request, { headers }), info);
    },
  },
  // Found by the tenth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'request-id-65-accepted',
    area: 'limits',
    proves: ['limits.request-id-over-64'],
    description:
      "A caller's X-Request-Id of 65 to 128 allowed characters is used and returned: the length is checked against 128 (spec 7.1: up to 64).",
    wrap: (next) => async (request, info) => {
      const sent = request.headers.get('x-request-id') ?? '';
      const response = await next(request, info);
      if (sent.length <= 64 || sent.length > 128 || !/^[A-Za-z0-9._-]+$/.test(sent)) return response;
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      const withId = body?.error ? { error: { ...body.error, request_id: sent } } : undefined;
      return changed(response, { headers: { 'x-request-id': sent }, ...(withId ? { body: withId } : {}) });
    },
  },
];
