// Whether `crmkit mock` serves its control API, and to whom (issue 15 item 4). On loopback it is
// on, for this machine's clients (http/control-guard.ts refuses foreign pages and names).
// With `--host` beyond loopback anyone on the network could reset the mock or read every secret,
// so the control API is off there unless `--control-token T` (or CRMKIT_CONTROL_TOKEN) is given,
// and every control request must then send `Authorization: Bearer T`.
import { hostname, networkInterfaces } from 'node:os';
import type { MockConfig } from '../mock-state.ts';
import { UsageError } from './usage-error.ts';

export type ControlSetup = {
  controlApi: boolean;
  controlAccess: Exclude<MockConfig['controlAccess'], false>;
  /** The banner's `control API` line, once the mock's URL is known. */
  describe(url: string): string;
};

/** A token shorter than this is guessed too soon by anyone on the network. */
const MIN_TOKEN_LENGTH = 16;

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

export function controlSetup(options: { host: string; token?: string; off?: string }): ControlSetup {
  const { host, token, off } = options;
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH)
    throw new UsageError(`--control-token needs at least ${MIN_TOKEN_LENGTH} characters`);
  const hostNames = WILDCARD_HOSTS.has(host) ? machineNames() : [host];
  if (off) return { controlApi: false, controlAccess: { hostNames }, describe: () => `off (${off})` };
  if (!isLoopback(host) && token === undefined) {
    return {
      controlApi: false,
      controlAccess: { hostNames },
      describe: () =>
        `off: --host ${host} is reachable from other machines; add --control-token <secret> (or CRMKIT_CONTROL_TOKEN) to turn it on, each control request then sending "Authorization: Bearer <secret>"`,
    };
  }
  return {
    controlApi: true,
    controlAccess: { hostNames, ...(token !== undefined ? { token } : {}) },
    describe: (url) =>
      `${url}/_mock ${token !== undefined ? '(each request needs "Authorization: Bearer <the control token>")' : '(this machine only)'}`,
  };
}

export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(name);
}

/** A wildcard bind answers on every address of the machine: those, and its host name, are its names. */
function machineNames(): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
  return [hostname(), ...addresses];
}
