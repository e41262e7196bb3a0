// Every handler of the CRM API, by operationId. Operations without one answer 501. And what the
// resources give every workspace, registered with the workspace layer, which knows no resource:
// their tables, the starter content of a new workspace, and how a restored workspace resumes
// the work its records wait for. Imported before the mock makes its first workspace (mock.ts).
import type { HandlerMap } from '../http/handler.ts';
import { registerScheduledWork } from '../workspaces/resume-scheduled-work.ts';
import { registerStarterContent } from '../workspaces/starter-content.ts';
import { registerTables } from '../workspaces/workspace-tables.ts';
import { companiesHandlers } from './companies/handlers.ts';
import { contactsHandlers } from './contacts/handlers.ts';
import { resumeWakeUps } from './conversations/conversation-states.ts';
import { resumeWalks } from './conversations/delivery-walk.ts';
import { conversationsHandlers } from './conversations/handlers.ts';
import { fieldsHandlers } from './fields/handlers.ts';
import { formsHandlers } from './forms/handlers.ts';
import { identityHandlers } from './identity/handlers.ts';
import { leadsHandlers } from './leads/handlers.ts';
import { membersHandlers } from './members/handlers.ts';
import { oauthHandlers } from '../oauth/handlers.ts';
import { pipelinesHandlers } from './pipelines/handlers.ts';
import { productsHandlers } from './products/handlers.ts';
import { queryHandlers } from './query/handlers.ts';
import { starterSteps } from './starter-content.ts';
import { resourceTables } from './tables.ts';
import { tagsHandlers } from './tags/handlers.ts';
import { tasksHandlers } from './tasks/handlers.ts';
import { timelineHandlers } from './timeline/handlers.ts';
import { resumeDeliveries } from './webhooks/delivery.ts';
import { webhooksHandlers } from './webhooks/handlers.ts';

registerTables(resourceTables);
registerStarterContent(...starterSteps);
registerScheduledWork(resumeDeliveries, resumeWakeUps, resumeWalks);

export const crmHandlers: HandlerMap = {
  ...identityHandlers,
  ...pipelinesHandlers,
  ...leadsHandlers,
  ...contactsHandlers,
  ...companiesHandlers,
  ...tagsHandlers,
  ...fieldsHandlers,
  ...tasksHandlers,
  ...timelineHandlers,
  ...productsHandlers,
  ...membersHandlers,
  ...queryHandlers,
  ...webhooksHandlers,
  ...conversationsHandlers,
  ...oauthHandlers,
  ...formsHandlers,
};
