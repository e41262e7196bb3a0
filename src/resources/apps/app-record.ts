// An OAuth app installed in the workspace (spec 5.2), as the control API shows it.
import type { components } from '../../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type App = components['schemas']['App'];

export const appTable: TableDefinition<App> = { document: 'mock-control', schema: 'App', lookups: { clientId: (app) => app.client_id } };
