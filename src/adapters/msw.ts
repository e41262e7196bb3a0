// The MSW face: one catch-all msw 3 handler that forwards requests for the mock's origins to
// the core (cheaper than one handler per operation, see ../shared notes), bound to a fresh mock.
// Frontend tests create workspaces (demo data included) and reach their tables directly, to
// arrange and inspect state without going through HTTP.
import { http, type HttpHandler } from 'msw';
import { JOURNAL_SIZE, type JournalEntry, type JournalFilter } from '../journal/request-journal.ts';
import { createMock, type Mock, type MockOptions } from '../mock.ts';
import { seedDemoWorkspace } from '../seed/demo-workspace.ts';
import { createWorkspace, type WorkspaceSettings } from '../workspaces/create-workspace.ts';
import type { WorkspaceTables } from '../workspaces/workspace-tables.ts';
import type { Workspace } from '../workspaces/workspace.ts';

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

export function createCrmHandlers(options: MockOptions = {}): CrmHandlers {
  const mock = createMock(options);
  const origins = new Set(Object.values(mock.state.config.urls).map((url) => new URL(url).origin));
  const handler = http.all('*', ({ request }) => (origins.has(new URL(request.url).origin) ? mock.handle(request) : undefined));
  return {
    handlers: [handler],
    mock,
    async createWorkspace({ seed, seedSize, ...settings } = {}) {
      const { workspace, ownerKey } =
        seed === undefined ? await createWorkspace(mock.state, settings) : await seedDemoWorkspace(mock.state, { seed, leads: seedSize, settings });
      return { workspace, apiKey: ownerKey.key, tables: workspace.tables };
    },
    reset: () => mock.state.reset(),
    requests: (filter = {}) => mock.state.journal.list({ limit: JOURNAL_SIZE, ...filter }),
  };
}
