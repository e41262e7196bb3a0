// The request target of RFC 9112 3.2, read for its path and query only: the mock routes by path
// and never builds the routed URL from the Host header (issue 15: `Host: crm.example/_mock` with
// `POST /reset` ran the control API's reset).
//
// - origin-form (`/v1/leads?limit=5`): the path as sent, `//` and all, against the listening origin.
// - absolute-form (`http://api.crm.example/v1/leads`): taken by its path, as RFC 9112 3.2.2 asks
//   of a server ("MUST accept the absolute-form"); its authority then stands for the Host header,
//   which the origin server "MUST ignore" (3.2.2), so a check of Host (the control API's) judges
//   the authority the client named. Any scheme but http and https is refused.
// - asterisk-form (`OPTIONS *`) and authority-form (`CONNECT host:443`) name the server, not a
//   resource: they are routed as `/`, which no operation has (404, or 405 for TRACE or CONNECT).
// - a path with a dot segment (`/v1/../_mock/reset`, `%2e%2e` spelled out too) or a backslash
//   (which URL parsing reads as `/`) is refused: resolved, it would name another path than the
//   one sent, so a gateway that lets `/v1/*` through by prefix would reach the control API
//   (issue 24). A client never needs one: RFC 3986 5.2.4 resolves them before sending.
export type RequestTarget = { kind: 'path'; pathAndQuery: string; authority?: string } | { kind: 'malformed'; detail: string };

const ABSOLUTE_FORM = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^#]*)/i;
const AUTHORITY_FORM = /^[^/?#@\s]+:\d*$/;

export function readTarget(target: string): RequestTarget {
  if (target.startsWith('/')) return pathTarget(target);
  if (target === '*' || AUTHORITY_FORM.test(target)) return { kind: 'path', pathAndQuery: '/' };
  const absolute = ABSOLUTE_FORM.exec(target);
  if (!absolute) return { kind: 'malformed', detail: `The request target ${shown(target)} is not a path.` };
  const [, scheme, authority, rest] = absolute as unknown as [string, string, string, string];
  if (!/^https?$/i.test(scheme))
    return { kind: 'malformed', detail: `The request target ${shown(target)} is not an http or https address.` };
  return pathTarget(rest.startsWith('/') ? rest : `/${rest}`, authority);
}

/** `.` or `..`, also as `%2e` (WHATWG URL parsing reads `%2e` as a dot in a dot segment). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

function pathTarget(pathAndQuery: string, authority?: string): RequestTarget {
  const path = pathAndQuery.split('?', 1)[0]!;
  if (path.includes('\\'))
    return { kind: 'malformed', detail: `The request target ${shown(pathAndQuery)} holds a backslash; paths are written with /.` };
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment))) {
    return {
      kind: 'malformed',
      detail: `The request target ${shown(pathAndQuery)} holds a dot segment (. or ..); send the path it stands for.`,
    };
  }
  return authority === undefined ? { kind: 'path', pathAndQuery } : { kind: 'path', pathAndQuery, authority };
}

/** The routed URL: the listening origin and the target's path; undefined when no URL can be made of them. */
export function routedUrl(origin: string, pathAndQuery: string): string | undefined {
  try {
    return new URL(`${origin}${pathAndQuery}`).href;
  } catch {
    return undefined;
  }
}

function shown(target: string): string {
  return JSON.stringify(target.length > 80 ? `${target.slice(0, 80)}...` : target);
}
