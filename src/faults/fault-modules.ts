// The fault bodies, one module per spec area and topic, each loaded by dynamic import only when one of its
// faults is switched on (issue 14: 220 kB of source that a start without faults never needs; a
// browser bundle keeps each module in a chunk of its own until then). What the list and help
// show of each fault is in fault-catalog.ts, generated from these modules. The order here is the
// order in which faults wrap the handle (later ones outside earlier ones).
import type { Fault } from './fault.ts';

export const FAULT_MODULES = {
  // The mutants by spec area folded from the family modules (issue 23), in the wrap order those had.
  'areas/errors-answers': async (): Promise<readonly Fault[]> => (await import('./areas/errors-answers.ts')).errorsAnswersMutants,
  'areas/conventions-answers': async (): Promise<readonly Fault[]> =>
    (await import('./areas/conventions-answers.ts')).conventionsAnswersMutants,
  'areas/limits-request-ids': async (): Promise<readonly Fault[]> =>
    (await import('./areas/limits-request-ids.ts')).limitsRequestIdsMutants,
  'areas/conventions-input': async (): Promise<readonly Fault[]> => (await import('./areas/conventions-input.ts')).conventionsInputMutants,
  'areas/auth-credentials': async (): Promise<readonly Fault[]> => (await import('./areas/auth-credentials.ts')).authCredentialsMutants,
  'areas/query-input': async (): Promise<readonly Fault[]> => (await import('./areas/query-input.ts')).queryInputMutants,
  'areas/errors-input': async (): Promise<readonly Fault[]> => (await import('./areas/errors-input.ts')).errorsInputMutants,
  'areas/limits-input': async (): Promise<readonly Fault[]> => (await import('./areas/limits-input.ts')).limitsInputMutants,
  'areas/query-paging': async (): Promise<readonly Fault[]> => (await import('./areas/query-paging.ts')).queryPagingMutants,
  'areas/tags-state': async (): Promise<readonly Fault[]> => (await import('./areas/tags-state.ts')).tagsStateMutants,
  'areas/tasks-state': async (): Promise<readonly Fault[]> => (await import('./areas/tasks-state.ts')).tasksStateMutants,
  'areas/notes-state': async (): Promise<readonly Fault[]> => (await import('./areas/notes-state.ts')).notesStateMutants,
  'areas/leads-state': async (): Promise<readonly Fault[]> => (await import('./areas/leads-state.ts')).leadsStateMutants,
  'areas/conventions-trash': async (): Promise<readonly Fault[]> => (await import('./areas/conventions-trash.ts')).conventionsTrashMutants,
  'areas/conventions-leads': async (): Promise<readonly Fault[]> => (await import('./areas/conventions-leads.ts')).conventionsLeadsMutants,
  'areas/leads-changes': async (): Promise<readonly Fault[]> => (await import('./areas/leads-changes.ts')).leadsChangesMutants,
  'areas/leads-reads': async (): Promise<readonly Fault[]> => (await import('./areas/leads-reads.ts')).leadsReadsMutants,
  'areas/query-search': async (): Promise<readonly Fault[]> => (await import('./areas/query-search.ts')).querySearchMutants,
  'areas/members-records': async (): Promise<readonly Fault[]> => (await import('./areas/members-records.ts')).membersRecordsMutants,
  'areas/conventions-records': async (): Promise<readonly Fault[]> =>
    (await import('./areas/conventions-records.ts')).conventionsRecordsMutants,
  'areas/products-records': async (): Promise<readonly Fault[]> => (await import('./areas/products-records.ts')).productsRecordsMutants,
  'areas/contacts-records': async (): Promise<readonly Fault[]> => (await import('./areas/contacts-records.ts')).contactsRecordsMutants,
  'areas/fields-custom': async (): Promise<readonly Fault[]> => (await import('./areas/fields-custom.ts')).fieldsCustomMutants,
  'areas/contacts-companies': async (): Promise<readonly Fault[]> =>
    (await import('./areas/contacts-companies.ts')).contactsCompaniesMutants,
  'areas/auth-first-party': async (): Promise<readonly Fault[]> => (await import('./areas/auth-first-party.ts')).authFirstPartyMutants,
  'areas/conversations-inbox': async (): Promise<readonly Fault[]> =>
    (await import('./areas/conversations-inbox.ts')).conversationsInboxMutants,
  'areas/conversations-messages': async (): Promise<readonly Fault[]> =>
    (await import('./areas/conversations-messages.ts')).conversationsMessagesMutants,
  'areas/conventions-conversations': async (): Promise<readonly Fault[]> =>
    (await import('./areas/conventions-conversations.ts')).conventionsConversationsMutants,
  'areas/events-emitted': async (): Promise<readonly Fault[]> => (await import('./areas/events-emitted.ts')).eventsEmittedMutants,
  'areas/webhooks-records': async (): Promise<readonly Fault[]> => (await import('./areas/webhooks-records.ts')).webhooksRecordsMutants,
  'areas/webhooks-attempts': async (): Promise<readonly Fault[]> => (await import('./areas/webhooks-attempts.ts')).webhooksAttemptsMutants,
  'areas/webhooks-deliveries': async (): Promise<readonly Fault[]> =>
    (await import('./areas/webhooks-deliveries.ts')).webhooksDeliveriesMutants,
  'areas/conventions-webhooks': async (): Promise<readonly Fault[]> =>
    (await import('./areas/conventions-webhooks.ts')).conventionsWebhooksMutants,
  'areas/forms-serving': async (): Promise<readonly Fault[]> => (await import('./areas/forms-serving.ts')).formsServingMutants,
  'areas/forms-submissions': async (): Promise<readonly Fault[]> => (await import('./areas/forms-submissions.ts')).formsSubmissionsMutants,
  'areas/oauth-authorize': async (): Promise<readonly Fault[]> => (await import('./areas/oauth-authorize.ts')).oauthAuthorizeMutants,
  'areas/oauth-grants': async (): Promise<readonly Fault[]> => (await import('./areas/oauth-grants.ts')).oauthGrantsMutants,
  'areas/oauth-clients': async (): Promise<readonly Fault[]> => (await import('./areas/oauth-clients.ts')).oauthClientsMutants,
  'areas/oauth-consent-requests': async (): Promise<readonly Fault[]> =>
    (await import('./areas/oauth-consent-requests.ts')).oauthConsentRequestsMutants,
  'areas/limits-rates': async (): Promise<readonly Fault[]> => (await import('./areas/limits-rates.ts')).limitsRatesMutants,
  // The area mutants (src/faults/areas/): one module per spec area, on the handler seams.
  'areas/conversations': async (): Promise<readonly Fault[]> => (await import('./areas/conversations.ts')).conversationsMutants,
  'areas/notes': async (): Promise<readonly Fault[]> => (await import('./areas/notes.ts')).notesMutants,
  'areas/contacts': async (): Promise<readonly Fault[]> => (await import('./areas/contacts.ts')).contactsMutants,
  'areas/members': async (): Promise<readonly Fault[]> => (await import('./areas/members.ts')).membersMutants,
  'areas/auth': async (): Promise<readonly Fault[]> => (await import('./areas/auth.ts')).authMutants,
  'areas/limits': async (): Promise<readonly Fault[]> => (await import('./areas/limits.ts')).limitsMutants,
  'areas/leads': async (): Promise<readonly Fault[]> => (await import('./areas/leads.ts')).leadsMutants,
  'areas/tags': async (): Promise<readonly Fault[]> => (await import('./areas/tags.ts')).tagsMutants,
  'areas/tasks': async (): Promise<readonly Fault[]> => (await import('./areas/tasks.ts')).tasksMutants,
  'areas/fields': async (): Promise<readonly Fault[]> => (await import('./areas/fields.ts')).fieldsMutants,
  'areas/products': async (): Promise<readonly Fault[]> => (await import('./areas/products.ts')).productsMutants,
  'areas/events': async (): Promise<readonly Fault[]> => (await import('./areas/events.ts')).eventsMutants,
  'areas/webhooks': async (): Promise<readonly Fault[]> => (await import('./areas/webhooks.ts')).webhooksMutants,
  'areas/forms': async (): Promise<readonly Fault[]> => (await import('./areas/forms.ts')).formsMutants,
  'areas/oauth': async (): Promise<readonly Fault[]> => (await import('./areas/oauth.ts')).oauthMutants,
  'areas/responses': async (): Promise<readonly Fault[]> => (await import('./areas/responses.ts')).responsesMutants,
  'areas/conventions': async (): Promise<readonly Fault[]> => (await import('./areas/conventions.ts')).conventionsMutants,
  'areas/errors': async (): Promise<readonly Fault[]> => (await import('./areas/errors.ts')).errorsMutants,
  'areas/query': async (): Promise<readonly Fault[]> => (await import('./areas/query.ts')).queryMutants,
  // The blind hunt's faults (issue 26 item 4): marked `hunt`, measured by scripts/hunt-table.ts, left out of the mutation test.
  'hunt-faults': async (): Promise<readonly Fault[]> => (await import('./hunt-faults.ts')).huntFaults,
};

export type FaultModule = keyof typeof FAULT_MODULES;
