// Every handler of the CRM API: one module per tag of the document (a resource's handlers.ts),
// loaded when an operation of its tag is first called (http/api.ts); operations without one
// answer 501. And what the resources give every workspace, registered with the workspace layer,
// which knows no resource: their tables, the starter content of a new workspace, and how a restored workspace resumes
// the work its records wait for. Imported before the mock makes its first workspace (mock.ts).
import type { HandlerModules } from '../http/api.ts';
import type { HandlerMap, TagHandlers } from '../http/handler.ts';
import type { OperationIdsByTag } from '../spec/generated/crm.d.ts';
import { registerScheduledWork } from '../workspaces/resume-scheduled-work.ts';
import { registerStarterContent } from '../workspaces/starter-content.ts';
import { registerTables } from '../workspaces/workspace-tables.ts';
import { resumeWakeUps } from './conversations/conversation-states.ts';
import { resumeWalks } from './conversations/delivery-walk.ts';
import { starterSteps } from './starter-content.ts';
import { resourceTables } from './tables.ts';
import { resumeDeliveries } from './webhooks/delivery.ts';

registerTables(resourceTables);
registerStarterContent(...starterSteps);
registerScheduledWork(resumeDeliveries, resumeWakeUps, resumeWalks);

/** The module of each tag, as the document names its tags: a tag without one is a compile error. */
const MODULES: { [Tag in keyof OperationIdsByTag]: () => Promise<TagHandlers<Tag>> } = {
  Identity: async () => (await import('./identity/handlers.ts')).identityHandlers,
  Pipelines: async () => (await import('./pipelines/handlers.ts')).pipelinesHandlers,
  Leads: async () => (await import('./leads/handlers.ts')).leadsHandlers,
  Contacts: async () => (await import('./contacts/handlers.ts')).contactsHandlers,
  Companies: async () => (await import('./companies/handlers.ts')).companiesHandlers,
  Tags: async () => (await import('./tags/handlers.ts')).tagsHandlers,
  Fields: async () => (await import('./fields/handlers.ts')).fieldsHandlers,
  Tasks: async () => (await import('./tasks/handlers.ts')).tasksHandlers,
  Timeline: async () => (await import('./timeline/handlers.ts')).timelineHandlers,
  Products: async () => (await import('./products/handlers.ts')).productsHandlers,
  Members: async () => (await import('./members/handlers.ts')).membersHandlers,
  Query: async () => (await import('./query/handlers.ts')).queryHandlers,
  Webhooks: async () => (await import('./webhooks/handlers.ts')).webhooksHandlers,
  Conversations: async () => (await import('./conversations/handlers.ts')).conversationsHandlers,
  OAuth: async () => (await import('../oauth/handlers.ts')).oauthHandlers,
  Forms: async () => (await import('./forms/handlers.ts')).formsHandlers,
};

// The one place typed handlers meet the pipeline: it has validated each input against its operation's schemas before a handler runs.
export const crmHandlerModules: HandlerModules = (tag) =>
  Object.hasOwn(MODULES, tag) ? (MODULES[tag as keyof OperationIdsByTag]() as Promise<unknown> as Promise<HandlerMap>) : undefined;
