// Who may load and submit a form (spec 4.12): with allowed websites set, only those origins
// (exact, or `https://*.<domain>` for its subdomains) and the hosted page; without, any website.
//
// A request without `Origin` is let through: browsers send it on every cross-origin request and
// every POST, so its absence means a same-origin GET (the hosted page loading its own form) or a
// client that is no browser, which could send any Origin it liked. The list keeps other
// websites' pages from using the form; it cannot keep out a script that lies.
import { ApiError } from '../../errors/api-error.ts';
import type { MockState } from '../../mock-state.ts';
import type { Form } from './form-record.ts';

export type OriginVerdict = {
  allowed: boolean;
  /** `Access-Control-Allow-Origin`: the origin echoed when a list let it in, `*` for a form open to any website. */
  allowOrigin: string | undefined;
};

const WILDCARD = 'https://*.';

export function originVerdict(state: MockState, form: Form | undefined, request: Request): OriginVerdict {
  const origin = request.headers.get('origin');
  if (!form || form.allowed_origins.length === 0) return { allowed: true, allowOrigin: '*' };
  if (origin === null) return { allowed: true, allowOrigin: undefined };
  const allowed = hostedPageOrigins(state, request).has(origin) || form.allowed_origins.some((entry) => matches(entry, origin));
  return { allowed, allowOrigin: allowed ? origin : undefined };
}

/** 403 `origin_not_allowed` for a website the form does not allow. */
export function refuseForeignOrigin(state: MockState, form: Form, request: Request): void {
  if (!originVerdict(state, form, request).allowed) throw new ApiError('origin_not_allowed');
}

/** The hosted page lives on `{workspace_url}`, the address this request came to. */
function hostedPageOrigins(state: MockState, request: Request): Set<string> {
  return new Set(
    [originOf(state.config.urls.workspace_url), originOf(request.url)].filter((origin): origin is string => origin !== undefined),
  );
}

function matches(entry: string, origin: string): boolean {
  const page = parse(origin);
  if (!page) return false;
  if (entry.toLowerCase().startsWith(WILDCARD)) {
    // `https://*.acme.uz` is every subdomain of acme.uz, at any depth, over https on its default port.
    const pattern = parse(`https://${entry.slice(WILDCARD.length)}`);
    return !!pattern && page.protocol === 'https:' && page.port === pattern.port && page.hostname.endsWith(`.${pattern.hostname}`);
  }
  const exact = parse(entry);
  return !!exact && exact.origin === page.origin;
}

function parse(text: string): URL | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function originOf(url: string): string | undefined {
  return parse(url)?.origin;
}
