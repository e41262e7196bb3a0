// Who may drive the control API (/_mock, issue 15 item 4). The mock runs on a developer's
// machine, where every web page the developer visits can send requests to 127.0.0.1, and the
// control API takes no credentials of the CRM. So over a network it answers only requests that
// no foreign page can have sent:
// - Host: a loopback name, or a name of the mock's own (its URLs, `--host`). A page of
//   attacker.example whose name was rebound to 127.0.0.1 (DNS rebinding) sends
//   `Host: attacker.example` and could otherwise read a snapshot with every secret: 403.
// - A change (any method but GET, HEAD, OPTIONS) from a browser must come from the mock's own
//   origin. Browsers send `Origin` on every cross-origin POST, `no-cors` ones included, and
//   `Sec-Fetch-Site`; a request with neither is no browser's. Reads need no such rule: without
//   CORS headers (the control API sends none) a foreign page cannot read the answer.
// - With a token (`crmkit mock --control-token`, required outside loopback), every request
//   carries `Authorization: Bearer <token>`, compared in constant time: 401 otherwise. Reads of
//   the inspector page's static files (/_mock/ui, /_mock/ui/{file}: src/inspector/page/, no data
//   and no secret in them) are the one exception: a browser cannot add the header to a page it
//   opens, so the page asks the person for the token and sends it on its own control calls.
// Bodies are JSON only (http/handle.ts: a body without Content-Type is refused on these routes).
// The MSW face turns this guard off: it is reached only by its own process or page.
import { ApiError } from '../errors/api-error.ts';
import type { MockConfig } from '../mock-state.ts';

/** The names every machine gives itself (URL hostnames: IPv6 in brackets). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Throws the error envelope's ApiError for a control request that may not be served. */
export function guardControlRequest(request: Request, url: URL, config: MockConfig): void {
  const access = config.controlAccess;
  if (!access) return;
  const host = hostNameOf(request.headers.get('host') ?? url.host);
  if (host === undefined || !allowedHostNames(config).has(host)) {
    throw new ApiError(
      'forbidden',
      { permission: 'control_host' },
      {
        // The names are not listed: a page rebound to 127.0.0.1 reads this answer, and should learn nothing of the machine.
        detail:
          'The control API answers only requests to a loopback name (localhost, 127.0.0.1, [::1]) or to the name the mock was started with (--host).',
      },
    );
  }
  if (access.token !== undefined && !isPageFile(request, url) && !sameSecret(bearerOf(request) ?? '', access.token)) {
    throw new ApiError(
      'invalid_token',
      {},
      {
        detail: 'The control API of this mock needs `Authorization: Bearer <token>`, the token given to `crmkit mock --control-token`.',
        headers: { 'WWW-Authenticate': 'Bearer realm="crmkit-control"' },
      },
    );
  }
  if (!SAFE_METHODS.has(request.method) && fromForeignPage(request, host, url)) {
    throw new ApiError(
      'forbidden',
      { permission: 'control_origin' },
      {
        detail: "The control API takes changes only from the mock's own pages and from clients that are not browsers.",
      },
    );
  }
}

/** A read of the inspector page's static files (openapi/control/inspector.yaml: getInspectorPage, getInspectorFile). */
function isPageFile(request: Request, url: URL): boolean {
  // The mock's docs pages (`docs_url`, inspector/docs-pages.ts) hold no data either, and a person opens them from a link.
  return SAFE_METHODS.has(request.method) && /^\/_mock\/(ui(\/[^/]+)?|docs\/webhooks|docs\/errors\/[^/]+)$/.test(url.pathname);
}

function allowedHostNames(config: MockConfig): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  for (const url of Object.values(config.urls)) {
    const name = hostNameOf(safeHost(url));
    if (name) names.add(name);
  }
  for (const name of (config.controlAccess || {}).hostNames ?? []) {
    const normalized = hostNameOf(name.includes(':') && !name.startsWith('[') ? `[${name}]` : name);
    if (normalized) names.add(normalized);
  }
  return names;
}

/** The host name of a Host header's value, lowercased, without port or trailing dot; undefined when it is no host. */
export function hostNameOf(host: string): string | undefined {
  if (host === '' || /[\s/?#@\\]/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** A browser's request from a page of another origin: its Origin is not this host's, or Sec-Fetch-Site says so. */
export function fromForeignPage(request: Request, host: string, url: URL): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    const page = new URL(origin);
    const port = (value: string, protocol: string) => value || (protocol === 'https:' ? '443' : '80');
    const ownPort = port(new URL(`http://${request.headers.get('host') ?? url.host}`).port, url.protocol);
    return page.protocol !== url.protocol || page.hostname.replace(/\.$/, '') !== host || port(page.port, page.protocol) !== ownPort;
  } catch {
    // `Origin: null` (a sandboxed frame, a data: page) or garbage: no page of the mock's.
    return true;
  }
}

function bearerOf(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/** Compares in time that depends only on the expected secret's length, not on where the texts differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!;
  return difference === 0;
}
