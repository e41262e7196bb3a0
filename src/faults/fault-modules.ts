// The fault bodies, one module per family, each loaded by dynamic import only when one of its
// faults is switched on (issue 14: 220 kB of source that a start without faults never needs; a
// browser bundle keeps each module in a chunk of its own until then). What the list and help
// show of each fault is in fault-catalog.ts, generated from these modules. The order here is the
// order in which faults wrap the handle (later ones outside earlier ones).
import type { Fault } from './fault.ts';

export const FAULT_MODULES = {
  'response-faults': async (): Promise<readonly Fault[]> => (await import('./response-faults.ts')).responseFaults,
  'input-faults': async (): Promise<readonly Fault[]> => (await import('./input-faults.ts')).inputFaults,
  'paging-faults': async (): Promise<readonly Fault[]> => (await import('./paging-faults.ts')).pagingFaults,
  'state-faults': async (): Promise<readonly Fault[]> => (await import('./state-faults.ts')).stateFaults,
  'leads-faults': async (): Promise<readonly Fault[]> => (await import('./leads-faults.ts')).leadsFaults,
  'query-faults': async (): Promise<readonly Fault[]> => (await import('./query-faults.ts')).queryFaults,
  'records-faults': async (): Promise<readonly Fault[]> => (await import('./records-faults.ts')).recordsFaults,
  'conversations-faults': async (): Promise<readonly Fault[]> => (await import('./conversations-faults.ts')).conversationsFaults,
  'events-faults': async (): Promise<readonly Fault[]> => (await import('./events-faults.ts')).eventsFaults,
  'webhook-faults': async (): Promise<readonly Fault[]> => (await import('./webhook-faults.ts')).webhookFaults,
  'form-faults': async (): Promise<readonly Fault[]> => (await import('./form-faults.ts')).formFaults,
  'oauth-faults': async (): Promise<readonly Fault[]> => (await import('./oauth-faults.ts')).oauthFaults,
  'consent-faults': async (): Promise<readonly Fault[]> => (await import('./consent-faults.ts')).consentFaults,
  'limits-faults': async (): Promise<readonly Fault[]> => (await import('./limits-faults.ts')).limitsFaults,
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
