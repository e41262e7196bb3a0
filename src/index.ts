// crmkit as a library: the mock's core and its node:http face. `crmkit/msw` has the MSW face.
export { createMock, type Mock, type MockOptions } from './mock.ts';
export { startServer, type RunningServer } from './adapters/node-server.ts';
export { createWorkspace } from './workspaces/create-workspace.ts';
export type { components as CrmSchemas, paths as CrmPaths, operations as CrmOperations } from './spec/generated/crm.d.ts';
