// The fuzz target: a crmkit mock started in this process on 127.0.0.1, port 0, with one demo
// workspace (seeded records, an owner key with every scope and an owner's web app session, no request limits, so that the
// cases reach validation and handlers rather than 429) and the ids of its records by prefix.
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import type { KnownIds } from './samples.ts';

export type FuzzTarget = {
  running: RunningServer;
  port: number;
  host: string;
  key: string;
  cookie: string;
  known: KnownIds;
  /** The requests the core took longest over, slowest first: where a slow answer's time went. */
  slowestInCore(): { request: string; ms: number }[];
};

const ID = /^([a-z]+)_[0-9a-z]{26}$/;

export async function startFuzzTarget(seed: number): Promise<FuzzTarget> {
  const mock = createMock();
  const slowest: { request: string; ms: number }[] = [];
  const respond = mock.respond;
  mock.respond = async (request, info) => {
    const started = performance.now();
    try {
      return await respond(request, info);
    } finally {
      const ms = performance.now() - started;
      if (slowest.length < 5 || ms > slowest.at(-1)!.ms) {
        slowest.push({ request: `${info?.method ?? request.method} ${new URL(request.url).pathname}`, ms: Math.round(ms) });
        slowest.sort((a, b) => b.ms - a.ms).splice(5);
      }
    }
  };
  const running = await startServer(mock, { port: 0 });
  const json = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${running.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    });
    if (!response.ok) throw new Error(`fuzz setup: ${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<any>;
  };
  const created = await json('/_mock/workspaces', { method: 'POST', body: JSON.stringify({ seed, seed_size: 40 }) });
  const workspace: string = created.workspace.id;
  await json(`/_mock/workspaces/${workspace}/settings`, {
    method: 'PATCH',
    body: JSON.stringify({ limits: { requests_per_second: null, requests_per_minute: null, concurrent_requests: null } }),
  });
  const key: string = created.api_key;
  // The owner signed in to the web app, for the first-party-only routes and the consent form.
  const session = await json(`/_mock/workspaces/${workspace}/sessions`, {
    method: 'POST',
    body: JSON.stringify({ member_id: created.members[0].id }),
  });
  const auth = { headers: { authorization: `Bearer ${key}` } };
  const whoami = await json('/v1/api-keys/whoami', auth);
  const own = new Set(JSON.stringify(whoami).match(/[a-z]+_[0-9a-z]{26}/g) ?? []);
  const known: KnownIds = new Map();
  for (const path of [
    '/v1/leads',
    '/v1/contacts',
    '/v1/companies',
    '/v1/tasks',
    '/v1/tags',
    '/v1/products',
    '/v1/members',
    '/v1/pipelines',
    '/v1/teams',
    '/v1/webhooks',
    '/v1/fields',
  ]) {
    const page = await fetch(`${running.url}${path}?limit=5`, auth).then((response) => (response.ok ? response.json() : undefined));
    // Every id in the page except the fuzz key's own (revoking or restricting it would leave the rest of the run at 401).
    for (const id of JSON.stringify(page ?? {}).match(/"[a-z]+_[0-9a-z]{26}"/g) ?? []) {
      const bare = id.slice(1, -1);
      const prefix = ID.exec(bare)?.[1];
      if (!prefix || own.has(bare)) continue;
      known.set(prefix, [...new Set([...(known.get(prefix) ?? []), bare])]);
    }
  }
  const port = Number(new URL(running.url).port);
  return { running, port, host: `127.0.0.1:${port}`, key, cookie: session.cookie, known, slowestInCore: () => [...slowest] };
}
