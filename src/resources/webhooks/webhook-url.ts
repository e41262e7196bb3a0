// The URL rules of spec 4.11 and 8: HTTPS on port 443 or 8443, a public address (no private,
// loopback or link-local IP, no localhost), no user name or password, at most 2048 characters.
// They are checked when a webhook is saved (on the URL as written, since a name may not resolve
// from the mock) and before every delivery, where the delivery agent also refuses names that
// resolve to an address that is not public (`addressAllowed`), so DNS cannot point a webhook
// into a private network.
//
// `allowPrivate` (`--allow-private-webhooks`) lets a developer's mock deliver to a receiver on
// their own machine: http or https, any port, at exactly `127.0.0.1` or `localhost`, nothing else.
import { isIpAddress, isLoopbackAddress, isPublicAddress } from './ip-address.ts';

export const MAX_URL_LENGTH = 2048;
const ALLOWED_PORTS = new Set(['443', '8443']);
const DEVELOPER_HOSTS = new Set(['127.0.0.1', 'localhost']);
/** The spec's refusal, and how a developer reaches a receiver on their own machine (the first thing they try). */
const DEVELOPER_HOST_REFUSAL =
  'must be a public HTTPS address; a crmkit mock delivers to 127.0.0.1 or localhost only when started with --allow-private-webhooks (createMock({ allowPrivateWebhooks: true }))';

function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Why `url` may not receive deliveries, or null when it may. */
export function urlProblem(url: string, allowPrivate: boolean): string | null {
  if (url.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a valid URL';
  }
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  // The URL parser has already turned other spellings of an address (2130706433, 0x7f.1) into
  // the dotted or bracketed form checked here.
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (DEVELOPER_HOSTS.has(hostname.toLowerCase())) {
    if (!allowPrivate) return DEVELOPER_HOST_REFUSAL;
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? null : 'must use HTTPS';
  }
  if (parsed.protocol !== 'https:') return 'must use HTTPS';
  if (!ALLOWED_PORTS.has(parsed.port || '443')) return 'must use port 443 or 8443';
  if (isLocalhostName(hostname)) return 'must be a public address, not localhost';
  if (isIpAddress(hostname) && !isPublicAddress(hostname)) return 'must be a public address, not a private, loopback or link-local one';
  return null;
}

/** Whether a delivery to `hostname` may connect to `address`, one of the addresses the name resolved to. */
export function addressAllowed(hostname: string, address: string, allowPrivate: boolean): boolean {
  if (allowPrivate && hostname.toLowerCase() === 'localhost' && isLoopbackAddress(address)) return true;
  return isPublicAddress(address);
}
