// Mutants of how bad input is refused (spec 2.1, 7.3): unknown fields, malformed JSON, the content
// type, invalid values, the body limit, id types and records of other workspaces.
import { errorDocsUrl } from '../../errors/docs-url.ts';
import { callerOf } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { pathOf, withPath } from '../addresses.ts';
import { alterOk, callerWorkspace, errorAnswer as envelopeAnswer, onApi, onOperation, sentJson, withJson } from '../request-match.ts';
import { presentCompany } from '../../resources/companies/present-company.ts';
import { presentContact } from '../../resources/contacts/present-contact.ts';
import { presentLead } from '../../resources/leads/present-lead.ts';
import { type NumberedKind, RECORD_ROUTES, errorAnswer } from '../input-refusals.ts';

/** The short id prefix of each numbered record kind (spec 2.2). */
const ID_PREFIXES: Record<NumberedKind, string> = { leads: 'ld', contacts: 'ct', companies: 'co', tasks: 'tk' };

/** Their sub-routes (/v1/<records>/{id}/...), which take the number too (spec 2.1). */
const SUB_ROUTES: Record<NumberedKind, readonly OperationId[]> = {
  leads: [
    'restoreLead',
    'listLeadContacts',
    'addLeadContact',
    'removeLeadContact',
    'listLeadProducts',
    'addLeadProduct',
    'updateLeadProduct',
    'removeLeadProduct',
  ],
  contacts: ['restoreContact'],
  companies: ['restoreCompany'],
  tasks: ['completeTask', 'reopenTask', 'snoozeTask', 'rescheduleTask', 'restoreTask'],
};

const routesOf = (
  table: Record<NumberedKind, readonly OperationId[]>,
  kinds: readonly NumberedKind[] = ['leads', 'contacts', 'companies', 'tasks'],
) => kinds.flatMap((kind) => table[kind]);

const kindOf = (operation: OperationId) =>
  (Object.keys(ID_PREFIXES) as NumberedKind[]).find(
    (kind) => RECORD_ROUTES[kind].includes(operation) || SUB_ROUTES[kind].includes(operation),
  )!;

/** A path's id segment that is a record number (spec 2.1: the number is accepted instead of the id). */
const isNumber = (id: string | undefined) => /^[0-9]+$/.test(id ?? '');

export const conventionsInputMutants: readonly Fault[] = [
  {
    // Readings review: conventions.money-decimal-refused is stated (2.1 "Never decimals or strings").
    name: 'lead-amount-decimal-rounded',
    area: 'conventions',
    proves: ['conventions.money-decimal-refused'],
    description:
      'A lead amount sent as a decimal (10.5) is rounded to the smallest unit and taken instead of refused (spec 2.1: money is never decimals).',
    // Before validation: the decimal never reaches the validator that refuses it.
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const body = await sentJson(request);
      const decimal = typeof body?.amount === 'number' && !Number.isInteger(body.amount);
      return next(decimal ? withJson(request, { ...body, amount: Math.round(body.amount) }) : request, info);
    }),
  },
  {
    name: 'any-content-type-as-json',
    area: 'conventions',
    proves: ['conventions.request-content-type'],
    description: 'The API reads any body as JSON whatever its Content-Type (text/plain, a form), where spec 2.1 takes application/json.',
    wrap: onApi(async (next, request, info) => {
      const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'text/plain' && type !== 'application/x-www-form-urlencoded') return next(request, info);
      const text = await request.text();
      const body = type === 'text/plain' ? text : JSON.stringify(Object.fromEntries(new URLSearchParams(text)));
      const headers = new Headers(request.headers);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      return next(new Request(request.url, { method: request.method, headers, body }), info);
    }),
  },
  {
    name: 'unknown-field-as-422',
    area: 'conventions',
    proves: ['conventions.unknown-field-named', 'errors.docs-url-names-code', 'errors.status-400', 'errors.unknown-field'],
    description: 'An unknown body field answers 422 validation_failed instead of 400 unknown_field.',
    wrap: onErrorCode('unknown_field', (response, body) =>
      changed(response, { status: 422, body: { error: { ...body.error, code: 'validation_failed' } } }),
    ),
  },
  {
    name: 'malformed-json-as-422',
    area: 'conventions',
    proves: [
      'conventions.request-body-json-object',
      'conventions.request-content-type',
      'conventions.wrong-type',
      'errors.envelope',
      'errors.docs-url-names-code',
      'errors.status-400',
      'errors.bad-json',
      'errors.bad-json-malformed',
    ],
    description: 'Malformed JSON and wrong types answer 422 validation_failed instead of 400 bad_json.',
    wrap: onErrorCode('bad_json', (response, body) =>
      changed(response, { status: 422, body: { error: { ...body.error, code: 'validation_failed' } } }),
    ),
  },
  {
    name: 'validation-without-fields',
    area: 'conventions',
    proves: ['conventions.time-sent-offset', 'errors.status-422', 'errors.validation-failed'],
    description: 'validation_failed answers do not name the fields.',
    wrap: onErrorCode('validation_failed', (response, body) => changed(response, { body: { error: { ...body.error, fields: {} } } })),
  },
  {
    name: 'long-prefix-refused',
    area: 'conventions',
    proves: ['conventions.long-prefixes-in-paths', 'errors.request-id-in-body'],
    description: 'Ids with the older long prefixes (lead_...) are refused with 400 invalid_id_type.',
    // The record's id in the path (the first path parameter of an API route, `id`) with a long prefix.
    wrap: onApi(async (next, request, info, { params }, state) => {
      if (/^[a-z]{4,}_[0-9a-z]{26}$/.test(params.id ?? '')) {
        return new Response(
          JSON.stringify({
            error: {
              code: 'invalid_id_type',
              message: 'Long prefixes are not accepted.',
              request_id: 'req_fault',
              docs_url: errorDocsUrl(state.config, 'invalid_id_type'),
            },
          }),
          {
            status: 400,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'x-request-id': request.headers.get('x-request-id') ?? 'req_fault',
            },
          },
        );
      }
      return next(request, info);
    }),
  },
  {
    name: 'numbers-only-for-leads',
    area: 'conventions',
    proves: ['conventions.number-on-single-record-routes'],
    description: 'Record numbers are resolved on lead routes only: /v1/contacts/7, /v1/companies/7 and /v1/tasks/7 answer 404 not_found.',
    wrap: onOperation(
      [...routesOf(RECORD_ROUTES, ['contacts', 'companies', 'tasks']), ...routesOf(SUB_ROUTES, ['contacts', 'companies', 'tasks'])],
      async (next, request, info, { params }, state) =>
        isNumber(params.id) ? errorAnswer(state, request, 404, 'not_found', 'Not found.') : next(request, info),
    ),
  },
  {
    name: 'times-without-fraction',
    area: 'conventions',
    proves: [
      'conventions.time-fractional',
      'responses.shape.list-leads',
      'responses.shape.create-lead',
      'responses.shape.get-lead',
      'responses.shape.update-lead',
      'responses.shape.restore-lead',
      'responses.shape.list-pipelines',
      'responses.shape.get-pipeline',
      'responses.shape.create-company',
      'responses.shape.get-company',
      'responses.shape.update-company',
      'responses.shape.restore-company',
      'responses.shape.create-contact',
      'responses.shape.get-contact',
      'responses.shape.update-contact',
      'responses.shape.restore-contact',
      'responses.shape.create-note',
      'responses.shape.list-members',
      'responses.shape.create-task',
      'responses.shape.get-task',
      'responses.shape.update-task',
      'responses.shape.complete-task',
    ],
    description: 'Times are answered to the whole second (2026-01-15T10:00:00Z), without the fractional seconds spec 2.1 requires.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      if (!response.headers.get('content-type')?.startsWith('application/json')) return response;
      const text = await response.clone().text();
      return new Response(text.replace(/("\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d+(Z|[+-]\d{2}:\d{2})"/g, '$1$2"'), {
        status: response.status,
        headers: response.headers,
      });
    },
  },
  {
    name: 'task-times-as-sent',
    area: 'conventions',
    proves: ['conventions.time-fractional', 'responses.shape.update-task'],
    description:
      "A task's due_at is stored and answered as the caller wrote it, so a time sent to the second comes back without the fractional seconds spec 2.1 requires.",
    wrap: onOperation(['createTask', 'updateTask'], async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      if (typeof sent?.due_at !== 'string' || response.status >= 300) return response;
      return changed(response, { body: { ...(await response.clone().json()), due_at: sent.due_at } });
    }),
  },
  {
    name: 'patch-null-keeps-reference',
    area: 'conventions',
    proves: ['conventions.patch-null-clears-reference'],
    description:
      'A PATCH with owner_id, contact_id or company_id null keeps the old reference (the update merges with `value ?? current`).',
    // The handler's own misreading: it is given the validated body without those nulls.
    operations: ['updateLead', 'updateContact', 'updateCompany'],
    alterInput: (input) => ({
      ...input,
      body: Object.fromEntries(
        Object.entries(input.body as object).filter(
          ([field, value]) => !(value === null && ['owner_id', 'contact_id', 'company_id'].includes(field)),
        ),
      ),
    }),
  },
  {
    name: 'time-without-offset-accepted',
    area: 'conventions',
    proves: ['conventions.time-sent-offset'],
    description: 'A time sent without an offset (2030-01-15T10:00:00) is taken as UTC instead of refused with 422.',
    // Before validation, which refuses the time without an offset.
    wrap: onApi(
      async (next, request, info) => {
        const text = await request
          .clone()
          .text()
          .catch(() => '');
        const fixed = text.replace(/("\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?)"/g, '$1Z"');
        return fixed === text ? next(request, info) : next(new Request(request, { body: fixed }), info);
      },
      ['POST', 'PATCH'],
    ),
  },
  {
    name: 'long-prefix-in-body-refused',
    area: 'conventions',
    proves: ['conventions.long-prefixes-in-bodies'],
    description:
      'Long-prefixed ids (contact_..., stage_...) are accepted in paths but refused in request bodies with 422 validation_failed: the body schema only knows the short prefixes.',
    wrap: onApi(
      async (next, request, info, _routed, state) => {
        const body = await sentJson(request);
        const field =
          body && typeof body === 'object'
            ? Object.keys(body).find(
                (key) =>
                  typeof body[key] === 'string' && /^(lead|contact|company|task|pipeline|stage|member)_[0-9a-z]{26}$/.test(body[key]),
              )
            : undefined;
        return field
          ? errorAnswer(state, request, 422, 'validation_failed', 'Some values are invalid.', {
              fields: { [field]: 'is not an id of the right type' },
            })
          : next(request, info);
      },
      ['POST', 'PATCH'],
    ),
  },
  {
    name: 'any-version-served',
    area: 'conventions',
    proves: ['conventions.version-path'],
    description: 'Any version segment is served as v1 (/v2/leads answers like /v1/leads): the router ignores the version.',
    // Not on the operation seams: /v2/... is a path the document routes to no operation, so it has no operationId to name.
    wrap: (next) => async (request, info) => {
      const [, version = '', ...rest] = pathOf(request).split('/');
      const other = version !== 'v1' && /^v\d+$/.test(version) && rest.length > 0;
      return next(other ? withPath(request, ['', 'v1', ...rest].join('/')) : request, info);
    },
  },
  {
    name: 'long-prefix-echoed',
    area: 'conventions',
    proves: ['conventions.responses-short-prefixes', 'conventions.ids-short-long-versioning', 'responses.shape.create-lead'],
    description:
      'A lead written with a long-prefix reference (contact_..., company_..., member_...) answers it as sent instead of in the short form (spec 2.2, 9).',
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      const echoed = Object.fromEntries(
        ['contact_id', 'company_id', 'owner_id', 'pipeline_id', 'stage_id']
          .filter((field) => /^(contact|company|member|pipeline|stage)_/.test(String(sent?.[field] ?? '')))
          .map((field) => [field, sent[field]]),
      );
      return Object.keys(echoed).length === 0 ? response : alterOk(response, (body) => ({ ...body, ...echoed }));
    }),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'validation-fields-as-json-pointers',
    area: 'conventions',
    proves: [
      'conventions.unknown-field-named',
      'conventions.wrong-type',
      'conventions.time-sent-offset',
      'errors.status-400',
      'errors.status-422',
      'errors.validation-failed',
      'errors.bad-json',
      'errors.unknown-field',
    ],
    description:
      "Field problems are keyed by the validator's JSON pointers (/stage_id, /custom/budget) instead of the request field names (stage_id, custom.budget) (spec 7.1, 7.3).",
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      const fields = body?.error?.fields;
      if (!fields || typeof fields !== 'object') return response;
      const pointers = Object.fromEntries(Object.entries(fields).map(([key, message]) => [`/${key.replace(/\./g, '/')}`, message]));
      return changed(response, { body: { ...body, error: { ...body.error, fields: pointers } } });
    },
  },
  {
    name: 'numbers-resolved-across-workspaces',
    area: 'conventions',
    proves: ['conventions.number-own-workspace'],
    description:
      "A record number in a path is looked up without the workspace (WHERE number = ?): /v1/contacts/3 answers another workspace's #3 when one has it (spec 2.1: a number is resolved only inside the authenticated workspace).",
    wrap: onOperation(['getLead', 'getContact', 'getCompany'], async (next, request, info, { operationId, params }, state) => {
      const own = isNumber(params.id) ? callerWorkspace(state, request) : undefined;
      if (!own) return next(request, info);
      const table = kindOf(operationId) as 'leads' | 'contacts' | 'companies';
      const number = Number(params.id);
      // The row of another workspace wins (the query has no workspace filter, and its order puts the other's first).
      const first = [...state.workspaces.values()].find(
        (workspace) =>
          workspace !== own && (workspace.tables[table] as any).findBy('number', number).some((record: any) => record.deleted_at === null),
      );
      if (!first) return next(request, info);
      const record = (first.tables[table] as any).findBy('number', number).find((each: any) => each.deleted_at === null);
      const response = await next(request, info);
      const present = table === 'leads' ? presentLead : table === 'contacts' ? presentContact : presentCompany;
      return changed(response, { status: 200, body: present(first, record) });
    }),
  },
  {
    name: 'numbers-refused-on-sub-routes',
    area: 'conventions',
    proves: ['conventions.number-on-single-record-routes', 'conventions.trash-restore'],
    description:
      "Record numbers are resolved on the record routes themselves only: their sub-routes (restore, a lead's contacts and products, the task actions) take ids, so /v1/contacts/7/restore answers 404 not_found (spec 2.1: single-record routes and their sub-routes accept the number).",
    wrap: onOperation(routesOf(SUB_ROUTES), async (next, request, info, { operationId, params }) => {
      if (!isNumber(params.id)) return next(request, info);
      const kind = kindOf(operationId);
      // The number's segment, /v1/<records>/<number>/, given an id that no record has.
      const url = request.url.replace(`/v1/${kind}/${params.id}/`, `/v1/${kind}/${ID_PREFIXES[kind]}_${'0'.repeat(26)}/`);
      const headers = new Headers(request.headers);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.clone().arrayBuffer();
      return next(new Request(url, { method: request.method, headers, body }), info);
    }),
  },
  {
    name: 'unknown-number-invalid-id-type',
    area: 'conventions',
    proves: ['conventions.number-unknown-404', 'errors.status-404'],
    description:
      'A number that no record has answers 400 invalid_id_type (the number lookup fails over to parsing the segment as an id) instead of the same 404 not_found as an unknown id (spec 2.1, 7.3).',
    wrap: onOperation(routesOf(RECORD_ROUTES), (next, request, info, { params }, state) =>
      isNumber(params.id)
        ? onErrorCode('not_found', (response) =>
            envelopeAnswer(state, response, 400, { code: 'invalid_id_type', message: 'This id is not of the type the route expects.' }),
          )(next)(request, info)
        : next(request, info),
    ),
  },
  {
    name: 'trashed-by-number-not-found',
    area: 'conventions',
    proves: ['conventions.trash-reads-410', 'errors.gone'],
    description:
      'A record in the trash named by its number answers 404 not_found instead of 410 gone: the number index holds live records only, while reads by id find the trash (spec 2.1: a number is accepted instead of the id; reads of a deleted record answer 410).',
    wrap: onOperation([...routesOf(RECORD_ROUTES), ...routesOf(SUB_ROUTES)], (next, request, info, { params }, state) =>
      isNumber(params.id)
        ? onErrorCode('gone', (response) =>
            envelopeAnswer(state, response, 404, { code: 'not_found', message: 'No record has this id or number.' }),
          )(next)(request, info)
        : next(request, info),
    ),
  },
  {
    name: 'contact-number-max-of-live',
    area: 'conventions',
    proves: ['conventions.number-never-reused'],
    description:
      "A new contact's number is one more than the highest number among live contacts (MAX(number) over the list the trash leaves), so after the newest contacts are deleted their numbers are given again (spec 2.1: never reused).",
    // The handler's own numbering, written inside the request's transaction.
    operations: ['createContact'],
    async aroundHandler(next, context) {
      const result = await next();
      const { workspace } = callerOf(context);
      const body: any = result instanceof Response ? undefined : result.body;
      if (typeof body?.number !== 'number') return result;
      const highest = Math.max(
        0,
        ...[...workspace.tables.contacts.values()]
          .filter((contact) => contact.id !== body.id && contact.deleted_at === null)
          .map((contact) => contact.number),
      );
      if (body.number <= highest + 1) return result;
      const number = highest + 1;
      await workspace.tables.contacts.update(body.id, (draft) => void (draft.number = number));
      workspace.numbers.contact = number;
      return { ...result, body: { ...body, number } };
    },
  },
  // A stated rule without a fault of its own (docs/readings-review.md; issue 22, H2 item 4).
  {
    name: 'lead-currency-only-with-amount',
    area: 'conventions',
    description:
      "A lead created without currency gets the workspace's currency only beside an amount: one created without an amount answers currency null (spec 2.1: a lead without currency uses the workspace currency).",
    proves: ['conventions.money-workspace-currency'],
    wrap: onOperation('createLead', async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      if (!sent || sent.currency !== undefined || sent.amount !== undefined) return response;
      return alterOk(response, (lead) => ({ ...lead, currency: null }));
    }),
  },
];
