// `crmkit mock --public-url URL`: the origin other machines reach the mock at, for the URLs the
// mock hands out (base, hub and workspace URLs, links) and its banner. The server still listens
// on --host. Without it, a wildcard --host (0.0.0.0, ::) is no address a client can use, so the
// machine's first non-internal IPv4 address stands in; any other --host is used as it is.
import { networkInterfaces } from 'node:os';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

type Interfaces = ReturnType<typeof networkInterfaces>;

/** The origin to hand out, given the server's own (`http://0.0.0.0:4010`), --host and --public-url. */
export function publicOrigin(listening: string, host: string, given?: string, interfaces: Interfaces = networkInterfaces()): string {
  if (given !== undefined) return given.replace(/\/+$/, '');
  if (!WILDCARD_HOSTS.has(host)) return listening;
  const address = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;
  const url = new URL(listening);
  url.hostname = address ?? '127.0.0.1';
  return url.origin;
}
