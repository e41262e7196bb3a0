// Every table of one workspace. Tables are per workspace, so nothing of another workspace can
// be found through them (spec 5.1: a credential sees exactly one workspace).
import { eventTable } from '../events/event-record.ts';
import { appDeliveryTable } from '../oauth/app-delivery-record.ts';
import { codeTable } from '../oauth/code-record.ts';
import { consentRequestTable } from '../oauth/consent-request-record.ts';
import { installationTable } from '../oauth/installation-record.ts';
import { refreshTokenTable } from '../oauth/refresh-token-record.ts';
import { appTable } from '../resources/apps/app-record.ts';
import { channelTable } from '../resources/channels/channel-record.ts';
import { companyTable } from '../resources/companies/company-record.ts';
import { contactTable } from '../resources/contacts/contact-record.ts';
import { channelOutcomeTable } from '../resources/conversations/channel-outcome.ts';
import { conversationTable } from '../resources/conversations/conversation-record.ts';
import { messageTable } from '../resources/conversations/message-record.ts';
import { fieldTable } from '../resources/fields/field-record.ts';
import { formTable } from '../resources/forms/form-record.ts';
import { formSubmissionTable } from '../resources/forms/submission-record.ts';
import { leadContactTable } from '../resources/leads/lead-contact-record.ts';
import { leadProductTable } from '../resources/leads/lead-product-record.ts';
import { leadTable } from '../resources/leads/lead-record.ts';
import { teamTable } from '../resources/members/team-record.ts';
import { pipelineTable, stageTable } from '../resources/pipelines/pipeline-records.ts';
import { productTable } from '../resources/products/product-record.ts';
import { taskTable } from '../resources/tasks/task-record.ts';
import { bulkRunTable } from '../resources/tags/bulk-run-record.ts';
import { tagTable } from '../resources/tags/tag-record.ts';
import { tagSettingsTable } from '../resources/tags/tag-settings.ts';
import { timelineTable } from '../resources/timeline/timeline-record.ts';
import { webhookDeliveryTable, webhookTable } from '../resources/webhooks/webhook-record.ts';
import { tableMaker, type RecordValidators, type TableDefinition } from '../store/table-definition.ts';
import type { Table } from '../store/table.ts';
import type { Transactions } from '../store/transactions.ts';

const definitions = {
  events: eventTable,
  pipelines: pipelineTable,
  stages: stageTable,
  leads: leadTable,
  contacts: contactTable,
  companies: companyTable,
  leadProducts: leadProductTable,
  leadContacts: leadContactTable,
  fields: fieldTable,
  channels: channelTable,
  channelOutcomes: channelOutcomeTable,
  conversations: conversationTable,
  messages: messageTable,
  forms: formTable,
  formSubmissions: formSubmissionTable,
  apps: appTable,
  installations: installationTable,
  oauthConsentRequests: consentRequestTable,
  oauthCodes: codeTable,
  oauthRefreshTokens: refreshTokenTable,
  teams: teamTable,
  products: productTable,
  tasks: taskTable,
  timeline: timelineTable,
  webhooks: webhookTable,
  webhookDeliveries: webhookDeliveryTable,
  appDeliveries: appDeliveryTable,
  tags: tagTable,
  tagSettings: tagSettingsTable,
  bulkRuns: bulkRunTable,
};

type Definitions = typeof definitions;
type RecordOf<D> = D extends TableDefinition<infer T> ? T : never;

export type WorkspaceTables = { readonly [Name in keyof Definitions]: Table<RecordOf<Definitions[Name]>> };

/** Compiles every record schema once; each call of the result makes a workspace's empty tables. */
export function workspaceTablesMaker(validators: RecordValidators): (transactions: Transactions) => WorkspaceTables {
  const makers = Object.entries(definitions).map(([name, definition]) => [name, tableMaker(definition as TableDefinition<any>, validators)] as const);
  return (transactions) => Object.fromEntries(makers.map(([name, make]) => [name, make(transactions)])) as unknown as WorkspaceTables;
}
