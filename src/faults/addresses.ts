// The one reading and writing of addresses for the faults (issue 23, item 1): a request's path
// (for the router, operation-of.ts) and query, the same request with another query or path, a
// request to another path of the same mock, and an address a body or an answer names (a
// webhook's url, a redirect's Location, an error's docs_url). A fault parses no URL of its own: what it reads or changes of an
// address goes through here.

/** The path a request was sent to, as sent (percent-encoded). */
export function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

/** The query a request was sent with (a copy: changing it changes no request). */
export function queryOf(request: Request): URLSearchParams {
  return new URL(request.url).searchParams;
}

/** The same request (method, headers, body) with its query changed by `change`. */
export function withQuery(request: Request, change: (query: URLSearchParams) => void): Request {
  const url = new URL(request.url);
  change(url.searchParams);
  return new Request(url, request);
}

/** The same request (method, headers, body) with `query` as its query. */
export function withQueryOf(request: Request, query: URLSearchParams): Request {
  const url = new URL(request.url);
  url.search = query.toString();
  return new Request(url, request);
}

/**
 * The same request with its query text changed by `alter`, as text: a parameter sent twice, or
 * encoded its own way, stays as sent (the authorization endpoint judges the raw query, spec 5.2).
 */
export function withQueryText(request: Request, alter: (query: string) => string): Request {
  const [base, query = ''] = request.url.split('?');
  return new Request(`${base}?${alter(query)}`, request);
}

/** The same request (method, headers, body) sent to another path of the mock, its query kept. */
export function withPath(request: Request, path: string): Request {
  const url = new URL(request.url);
  url.pathname = path;
  return new Request(url, request);
}

/** A GET of `path` (with its own query, if any) on the mock a request was sent to, with the request's headers (its credential, request id and language). */
export function probe(request: Request, path: string): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  return new Request(new URL(path, request.url), { headers });
}

/** A request of `init` to `path` on the mock a request was sent to. */
export function requestTo(request: Request, path: string, init: RequestInit): Request {
  return new Request(new URL(path, request.url), init);
}

/** The origin (scheme, host and port) a request was sent to. */
export function originOf(request: Request): string {
  return new URL(request.url).origin;
}

/** An absolute address a body or an answer names (a webhook's url, a redirect's Location, an error's docs_url), or undefined when it is none. */
export function addressIn(text: string): URL | undefined {
  return URL.canParse(text) ? new URL(text) : undefined;
}
