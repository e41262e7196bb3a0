// The tables of a workspace, by name (registered with src/workspaces/workspace-tables.ts by
// src/resources/index.ts). The outbox of events and the OAuth tables are here too: this is where
// the mock is put together, and the workspace layer below knows none of them.
import { eventTable } from '../events/event-record.ts';
import { codeTable } from '../oauth/code-record.ts';
import { consentRequestTable } from '../oauth/consent-request-record.ts';
import { installationTable } from '../oauth/installation-record.ts';
import { refreshTokenTable } from '../oauth/refresh-token-record.ts';
import type { TablesOf } from '../workspaces/workspace-tables.ts';
import { appTable } from './apps/app-record.ts';
import { channelTable } from './channels/channel-record.ts';
import { companyTable } from './companies/company-record.ts';
import { contactTable } from './contacts/contact-record.ts';
import { channelOutcomeTable } from './conversations/channel-outcome.ts';
import { conversationTable } from './conversations/conversation-record.ts';
import { messageTable } from './conversations/message-record.ts';
import { fieldTable } from './fields/field-record.ts';
import { formTable } from './forms/form-record.ts';
import { formSubmissionTable } from './forms/submission-record.ts';
import { leadContactTable } from './leads/lead-contact-record.ts';
import { leadProductTable } from './leads/lead-product-record.ts';
import { leadTable } from './leads/lead-record.ts';
import { teamTable } from './members/team-record.ts';
import { pipelineTable, stageTable } from './pipelines/pipeline-records.ts';
import { productTable } from './products/product-record.ts';
import { taskTable } from './tasks/task-record.ts';
import { bulkRunTable } from './tags/bulk-run-record.ts';
import { tagTable } from './tags/tag-record.ts';
import { tagSettingsTable } from './tags/tag-settings.ts';
import { timelineTable } from './timeline/timeline-record.ts';
import { deliveryTable } from './webhooks/delivery-record.ts';
import { webhookTable } from './webhooks/webhook-record.ts';

export const resourceTables = {
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
  // The outbox's deliveries, to webhooks and to apps alike (spec 6.3, 6.5).
  deliveries: deliveryTable,
  tags: tagTable,
  tagSettings: tagSettingsTable,
  bulkRuns: bulkRunTable,
};

/** The tables above as a workspace holds them (src/mock.ts re-exports it so that declarations reach this augmentation). */
export type ResourceTables = TablesOf<typeof resourceTables>;

declare module '../workspaces/workspace-tables.ts' {
  interface WorkspaceTables extends ResourceTables {}
}
