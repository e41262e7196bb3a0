// Mutants of the answers of every operation (spec 2.1): the JSON content type and its charset, the
// status of an unknown id, no 5xx, the fields a record always carries.
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { onOperation } from '../request-match.ts';

export const conventionsAnswersMutants: readonly Fault[] = [
  {
    name: 'json-as-text',
    area: 'conventions',
    proves: ['conventions.response-content-type'],
    description: 'JSON answers say Content-Type: text/plain.',
    wrap: (next) => async (request, info) => changed(await next(request, info), { headers: { 'content-type': 'text/plain' } }),
  },
  {
    name: 'not-found-as-409',
    area: 'conventions',
    proves: [
      'conventions.id-opaque-exact',
      'conventions.ids-only-elsewhere',
      'conventions.version-path',
      'conventions.oauth-outside-v1',
      'errors.status-404',
      'leads.trash-unchangeable',
    ],
    description: 'An unknown id answers 409, a status the document does not list for reads.',
    wrap: onErrorCode('not_found', (response) => changed(response, { status: 409 })),
  },
  {
    name: 'unknown-id-crashes',
    area: 'conventions',
    proves: [
      'conventions.id-opaque-exact',
      'conventions.ids-only-elsewhere',
      'conventions.version-path',
      'conventions.oauth-outside-v1',
      'errors.docs-url-names-code',
      'errors.status-404',
      'errors.status-5xx',
      'leads.trash-unchangeable',
    ],
    description: 'An unknown id makes the server fail with 500.',
    wrap: onErrorCode('not_found', (response, body) =>
      changed(response, { status: 500, body: { error: { ...body.error, code: 'internal' } } }),
    ),
  },
  {
    name: 'lead-without-currency',
    area: 'conventions',
    proves: [
      'conventions.money-integer',
      'responses.shape.list-leads',
      'responses.shape.create-lead',
      'responses.shape.get-lead',
      'responses.shape.update-lead',
      'responses.shape.restore-lead',
    ],
    description: 'Leads are answered without their currency field.',
    // The operations that answer a lead or a page of them (the others under /v1/leads answer no lead).
    wrap: onOperation(['listLeads', 'createLead', 'getLead', 'updateLead', 'restoreLead'], async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      if (!body) return response;
      const strip = (lead: any) => {
        if (lead && typeof lead === 'object' && 'currency' in lead && 'stage_id' in lead) delete lead.currency;
      };
      strip(body);
      (body.data ?? []).forEach(strip);
      return changed(response, { body });
    }),
  },
  {
    name: 'json-without-charset',
    area: 'conventions',
    proves: ['conventions.response-content-type'],
    description: 'JSON answers say Content-Type: application/json without charset=utf-8.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      return response.headers.get('content-type')?.startsWith('application/json')
        ? changed(response, { headers: { 'content-type': 'application/json' } })
        : response;
    },
  },
];
