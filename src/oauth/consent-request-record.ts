// A consent request (spec 5.2 step 3): an authorization query opened on the hub, valid 15 minutes.
// It is found again by its query (`query_key`), so that opening the same address twice shows the
// same request and, after 15 minutes, `request_expired`; the page's form names it by its id.
import type { components } from '../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../store/table-definition.ts';

export type ConsentRequest = components['schemas']['OAuthConsentRequestRecord'];

export const consentRequestTable: TableDefinition<ConsentRequest> = {
  document: 'mock-control',
  schema: 'OAuthConsentRequestRecord',
  lookups: { query: (request) => request.query_key },
};
