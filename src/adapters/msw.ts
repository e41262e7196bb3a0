// The MSW face: one catch-all msw 3 handler that forwards the requests for the interface's routes
// on the mock's origins to the core (cheaper than one handler per operation, see ../shared notes),
// bound to a fresh mock. Anything else (an app's own pages, scripts and other APIs) passes
// through. As a browser-facing test double it answers CORS preflights of the API's routes and lets
// a page of another origin read the answers (the real API is for servers: spec 5.1), without
// credentials. Frontend tests create workspaces (demo data included) and reach their tables
// directly, to arrange and inspect state without going through HTTP.
import { http, type HttpHandler } from 'msw';
import { loadFaults } from '../faults/index.ts';
import { JOURNAL_SIZE, type JournalEntry, type JournalFilter } from '../journal/request-journal.ts';
import { createMock, type Mock, type MockOptions } from '../mock.ts';
import { createWorkspace, type WorkspaceSettings } from '../workspaces/create-workspace.ts';
import type { WorkspaceTables } from '../workspaces/workspace-tables.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { refuseOldNode } from './node-version.ts';

refuseOldNode();

export type CrmWorkspace = { workspace: Workspace; apiKey: string; tables: WorkspaceTables };

export type CrmHandlers = {
  handlers: HttpHandler[];
  mock: Mock;
  /** A workspace with its owner key; with `seed`, the demo data of `crmkit mock --seed`. */
  createWorkspace(settings?: WorkspaceSettings & { seed?: number; seedSize?: number }): Promise<CrmWorkspace>;
  reset(): void;
  /** The request journal (as `GET /_mock/requests`): what the app sent and how the mock answered, newest first. */
  requests(filter?: Partial<JournalFilter>): JournalEntry[];
};

/** What a page of another origin may read besides the simple headers. */
const EXPOSED = 'X-Request-Id, Retry-After, X-Svc-Locale, WWW-Authenticate';

export function createCrmHandlers(options: MockOptions = {}): CrmHandlers {
  // Only this process (setupServer) or this page (setupWorker) reaches these handlers: no other
  // page and no network can, so the control API's guard for a server (http/control-guard.ts) is off.
  const mock = createMock({ controlAccess: false, ...options });
  const origins = new Set(Object.values(mock.state.config.urls).map((url) => new URL(url).origin));
  const handler = http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    const methods = origins.has(url.origin) ? mock.methodsOf(url.pathname) : undefined;
    if (!methods) return undefined;
    if (request.method === 'OPTIONS' && !methods.includes('OPTIONS')) return preflight(request, methods);
    return readableAcrossOrigins(await mock.handle(request), request);
  });
  return {
    handlers: [handler],
    mock,
    async createWorkspace({ seed, seedSize, ...settings } = {}) {
      // Seeding emits events, which a fault named in the options may change: its body loads first (faults/index.ts).
      await loadFaults(mock.state.faults);
      // The demo data's code (and faker, or seed 1's tape) loads only when a test asks for it.
      const { workspace, ownerKey } =
        seed === undefined
          ? await createWorkspace(mock.state, settings)
          : await (await import('../seed/demo-workspace.ts')).seedDemoWorkspace(mock.state, { seed, leads: seedSize, settings });
      return { workspace, apiKey: ownerKey.key, tables: workspace.tables };
    },
    reset: () => mock.state.reset(),
    requests: (filter = {}) => mock.state.journal.list({ limit: JOURNAL_SIZE, ...filter }),
  };
}

/** The answer to a browser's preflight for one of the API's routes (the form routes answer their own). */
function preflight(request: Request, methods: string[]): Response {
  const origin = request.headers.get('origin');
  if (!origin) return new Response(null, { status: 204, headers: { Allow: methods.join(', ') } });
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': methods.join(', '),
      'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? 'Authorization, Content-Type',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    },
  });
}

/** A page of another origin may read the answer (never with credentials); the form routes set their own rules. */
function readableAcrossOrigins(response: Response, request: Request): Response {
  const origin = request.headers.get('origin');
  if (!origin || response.type === 'error' || response.headers.has('Access-Control-Allow-Origin')) return response;
  response.headers.set('Access-Control-Allow-Origin', origin);
  response.headers.set('Access-Control-Expose-Headers', EXPOSED);
  response.headers.append('Vary', 'Origin');
  return response;
}
