// Written by scripts/checks-index.ts from the area folders: do not edit (npm test fails when it is stale).
// Active checks run in this order; observers judge every exchange at the end.
import type { Check } from '../check.ts';
import { badJson } from './conventions/bad-json.ts';
import { bodySchema } from './conventions/body-schema.ts';
import { contentType } from './conventions/content-type.ts';
import { idTypes } from './conventions/id-types.ts';
import { longPrefixes } from './conventions/long-prefixes.ts';
import { recordConventions } from './conventions/record-conventions.ts';
import { recordNumbers } from './conventions/record-numbers.ts';
import { trashAndRestore } from './conventions/trash-and-restore.ts';
import { unknownFieldEverywhere } from './conventions/unknown-field-everywhere.ts';
import { unknownField } from './conventions/unknown-field.ts';
import { wrongTypeEverywhere } from './conventions/wrong-type-everywhere.ts';
import { credentialsInUrl } from './auth/credentials-in-url.ts';
import { credentials } from './auth/credentials.ts';
import { keyStates } from './auth/key-states.ts';
import { missingScope } from './auth/missing-scope.ts';
import { otherWorkspace } from './auth/other-workspace.ts';
import { whoami } from './auth/whoami.ts';
import { writeIncludesRead } from './auth/write-includes-read.ts';
import { documentedStatus } from './errors/documented-status.ts';
import { errorEnvelope } from './errors/error-envelope.ts';
import { errorLanguage as errorsErrorLanguage } from './errors/error-language.ts';
import { noServerError } from './errors/no-server-error.ts';
import { requestId } from './errors/request-id.ts';
import { tooLongEverywhere } from './errors/too-long-everywhere.ts';
import { validationFailed } from './errors/validation-failed.ts';
import { companies } from './contacts/companies.ts';
import { contactChanges } from './contacts/contact-changes.ts';
import { contactLimits } from './contacts/contact-limits.ts';
import { contactList } from './contacts/contact-list.ts';
import { contactValues } from './contacts/contact-values.ts';
import { routeScopes } from './contacts/route-scopes.ts';
import { customValues } from './fields/custom-values.ts';
import { fieldList } from './fields/field-list.ts';
import { firstPartyRoutes } from './members/first-party-routes.ts';
import { membersTeams } from './members/members-teams.ts';
import { products } from './products/products.ts';
import { leadBoard } from './leads/board.ts';
import { createLeadCheck } from './leads/create.ts';
import { duplicateLead } from './leads/duplicate-lead.ts';
import { leadLimits } from './leads/lead-limits.ts';
import { leadListFilters } from './leads/list-filters.ts';
import { noPipeline } from './leads/no-pipeline.ts';
import { leadScopes } from './leads/scopes.ts';
import { stageMoves } from './leads/stage-moves.ts';
import { leadSubRoutes } from './leads/sub-routes.ts';
import { updateLeadCheck } from './leads/update.ts';
import { useAfterDelete } from './leads/use-after-delete.ts';
import { workspaceCurrency } from './leads/workspace-currency.ts';
import { bulkTags } from './tags/bulk-tags.ts';
import { formTags } from './tags/form-tags.ts';
import { tagCatalog } from './tags/tag-catalog.ts';
import { tagChanges } from './tags/tag-changes.ts';
import { tagExists } from './tags/tag-exists.ts';
import { tagLimits } from './tags/tag-limits.ts';
import { tagNames } from './tags/tag-names.ts';
import { tagQueryFilters } from './tags/tag-query-filters.ts';
import { tagRights } from './tags/tag-rights.ts';
import { tagRules } from './tags/tag-rules.ts';
import { taskCreate } from './tasks/task-create.ts';
import { taskFilters } from './tasks/task-filters.ts';
import { taskStates } from './tasks/task-states.ts';
import { taskTransitions } from './tasks/task-transitions.ts';
import { noteEditWindow } from './notes/note-edit-window.ts';
import { timelineNotes } from './notes/timeline-notes.ts';
import { queryBadValues } from './query/bad-values.ts';
import { changedCursor } from './query/changed-cursor.ts';
import { queryFields } from './query/fields.ts';
import { pageLimits } from './query/limits.ts';
import { queryMasked } from './query/masked.ts';
import { noTotals } from './query/no-totals.ts';
import { queryOperators } from './query/operators.ts';
import { queryLimits } from './query/query-limits.ts';
import { queryPageSize } from './query/query-page-size.ts';
import { querySortAndPages } from './query/sort-and-pages.ts';
import { stableWalk } from './query/stable-walk.ts';
import { queryTextFilter } from './query/text-filter.ts';
import { channelRules } from './conversations/channel-rules.ts';
import { clientActivity } from './conversations/client-activity.ts';
import { conversationCounts } from './conversations/counts.ts';
import { messageDelivery } from './conversations/delivery.ts';
import { conversationFields } from './conversations/fields.ts';
import { listFilters } from './conversations/list-filters.ts';
import { messengerChanges } from './conversations/messenger-changes.ts';
import { optOut } from './conversations/opt-out.ts';
import { conversationScopes } from './conversations/scopes.ts';
import { sendMessage } from './conversations/send.ts';
import { conversationStates } from './conversations/states.ts';
import { appLifecycle } from './events/app-lifecycle.ts';
import { conversationEvents } from './events/conversation-events.ts';
import { formEvents } from './events/form-events.ts';
import { leadEvents } from './events/lead-events.ts';
import { lifecycleRetries } from './events/lifecycle-retries.ts';
import { recordEvents } from './events/record-events.ts';
import { truncation } from './events/truncation.ts';
import { webhookDisabled } from './events/webhook-disabled.ts';
import { channelFilter } from './webhooks/channel-filter.ts';
import { createAndRead } from './webhooks/create-and-read.ts';
import { deliveryHeaders } from './webhooks/delivery-headers.ts';
import { deliveryLog } from './webhooks/delivery-log.ts';
import { eventFilters } from './webhooks/event-filters.ts';
import { eventPatterns } from './webhooks/event-patterns.ts';
import { failureStreak } from './webhooks/failure-streak.ts';
import { goneAndEnable } from './webhooks/gone-and-enable.ts';
import { manageScope } from './webhooks/manage-scope.ts';
import { ping } from './webhooks/ping.ts';
import { planLimit } from './webhooks/plan-limit.ts';
import { redirectOtherHost } from './webhooks/redirect-other-host.ts';
import { redirects } from './webhooks/redirects.ts';
import { replay } from './webhooks/replay.ts';
import { resendWindow } from './webhooks/resend-window.ts';
import { retryKeepsIds } from './webhooks/retry-keeps-ids.ts';
import { retrySchedule } from './webhooks/retry-schedule.ts';
import { rotateSecret } from './webhooks/rotate-secret.ts';
import { signature } from './webhooks/signature.ts';
import { timestamp } from './webhooks/timestamp.ts';
import { urlRules } from './webhooks/url-rules.ts';
import { burstLimit } from './forms/burst-limit.ts';
import { cardNumbers } from './forms/card-numbers.ts';
import { configuration } from './forms/configuration.ts';
import { consentAnswer } from './forms/consent-answer.ts';
import { consent as formsConsent } from './forms/consent.ts';
import { cors } from './forms/cors.ts';
import { errorLanguage as formsErrorLanguage } from './forms/error-language.ts';
import { honeypot } from './forms/honeypot.ts';
import { hostedPage } from './forms/hosted-page.ts';
import { ipLimit } from './forms/ip-limit.ts';
import { minMs } from './forms/min-ms.ts';
import { origins } from './forms/origins.ts';
import { paused } from './forms/paused.ts';
import { requestLimits } from './forms/request-limits.ts';
import { returningClient } from './forms/returning-client.ts';
import { submissionEffect } from './forms/submission-effect.ts';
import { submission } from './forms/submission.ts';
import { token } from './forms/token.ts';
import { widgetScript } from './forms/widget-script.ts';
import { authorizationCodeFlow } from './oauth/authorization-code-flow.ts';
import { authorizeErrors } from './oauth/authorize-errors.ts';
import { clientAuthentication } from './oauth/client-authentication.ts';
import { codeSingleUse } from './oauth/code-single-use.ts';
import { consentSession } from './oauth/consent-session.ts';
import { consent as oauthConsent } from './oauth/consent.ts';
import { errorFormat } from './oauth/error-format.ts';
import { expiries } from './oauth/expiries.ts';
import { invalidClient } from './oauth/invalid-client.ts';
import { invalidGrant } from './oauth/invalid-grant.ts';
import { pkce } from './oauth/pkce.ts';
import { redirectUriRules } from './oauth/redirect-uri-rules.ts';
import { refreshRotation } from './oauth/refresh-rotation.ts';
import { refreshScope } from './oauth/refresh-scope.ts';
import { revokeCascade } from './oauth/revoke-cascade.ts';
import { revokeUnknownToken } from './oauth/revoke-unknown-token.ts';
import { secretRotation } from './oauth/secret-rotation.ts';
import { unsupportedGrantType } from './oauth/unsupported-grant-type.ts';
import { bodyTooLarge } from './limits/body-too-large.ts';
import { concurrencyLimited } from './limits/concurrency-limited.ts';
import { rateLimited } from './limits/rate-limited.ts';
import { readOnly } from './limits/read-only.ts';
import { requestIdLength } from './limits/request-id-length.ts';

export const ALL_CHECKS: Check[] = [
  badJson,
  bodySchema,
  contentType,
  idTypes,
  longPrefixes,
  recordConventions,
  recordNumbers,
  trashAndRestore,
  unknownFieldEverywhere,
  unknownField,
  wrongTypeEverywhere,
  credentialsInUrl,
  credentials,
  keyStates,
  missingScope,
  otherWorkspace,
  whoami,
  writeIncludesRead,
  documentedStatus,
  errorEnvelope,
  errorsErrorLanguage,
  noServerError,
  requestId,
  tooLongEverywhere,
  validationFailed,
  companies,
  contactChanges,
  contactLimits,
  contactList,
  contactValues,
  routeScopes,
  customValues,
  fieldList,
  firstPartyRoutes,
  membersTeams,
  products,
  leadBoard,
  createLeadCheck,
  duplicateLead,
  leadLimits,
  leadListFilters,
  noPipeline,
  leadScopes,
  stageMoves,
  leadSubRoutes,
  updateLeadCheck,
  useAfterDelete,
  workspaceCurrency,
  formTags,
  tagCatalog,
  tagChanges,
  tagExists,
  tagLimits,
  tagNames,
  tagQueryFilters,
  tagRights,
  tagRules,
  taskCreate,
  taskFilters,
  taskStates,
  taskTransitions,
  timelineNotes,
  queryBadValues,
  changedCursor,
  queryFields,
  pageLimits,
  queryMasked,
  noTotals,
  queryOperators,
  queryLimits,
  queryPageSize,
  querySortAndPages,
  stableWalk,
  queryTextFilter,
  channelRules,
  clientActivity,
  conversationCounts,
  messageDelivery,
  conversationFields,
  listFilters,
  messengerChanges,
  optOut,
  conversationScopes,
  sendMessage,
  conversationStates,
  appLifecycle,
  conversationEvents,
  formEvents,
  leadEvents,
  lifecycleRetries,
  recordEvents,
  truncation,
  webhookDisabled,
  channelFilter,
  createAndRead,
  deliveryHeaders,
  deliveryLog,
  eventFilters,
  eventPatterns,
  failureStreak,
  goneAndEnable,
  manageScope,
  ping,
  planLimit,
  redirectOtherHost,
  redirects,
  replay,
  resendWindow,
  retryKeepsIds,
  retrySchedule,
  rotateSecret,
  signature,
  timestamp,
  urlRules,
  cardNumbers,
  configuration,
  consentAnswer,
  formsConsent,
  cors,
  formsErrorLanguage,
  honeypot,
  hostedPage,
  minMs,
  origins,
  paused,
  requestLimits,
  returningClient,
  submissionEffect,
  submission,
  widgetScript,
  authorizationCodeFlow,
  authorizeErrors,
  clientAuthentication,
  codeSingleUse,
  errorFormat,
  invalidClient,
  invalidGrant,
  pkce,
  redirectUriRules,
  refreshScope,
  revokeCascade,
  revokeUnknownToken,
  unsupportedGrantType,
  bodyTooLarge,
  requestIdLength,
  bulkTags,
  noteEditWindow,
  token,
  consentSession,
  oauthConsent,
  expiries,
  secretRotation,
  burstLimit,
  ipLimit,
  refreshRotation,
  concurrencyLimited,
  rateLimited,
  readOnly,
];
