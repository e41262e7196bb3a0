// Every handler of the CRM API, by operationId. Operations without one answer 501.
import type { HandlerMap } from '../http/handler.ts';
import { companiesHandlers } from './companies/handlers.ts';
import { contactsHandlers } from './contacts/handlers.ts';
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
import { tagsHandlers } from './tags/handlers.ts';
import { tasksHandlers } from './tasks/handlers.ts';
import { timelineHandlers } from './timeline/handlers.ts';
import { webhooksHandlers } from './webhooks/handlers.ts';

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
