// Which error codes an operation can answer, for the rendered docs. The document's per-status
// responses (`Error403`, `Error409`...) list every code of their status, so an operation that
// uses one shows codes that concern other operations (createLead's 409 listed `task_not_open`).
// In the docs' copy of the document each such response is narrowed to the codes whose rule
// concerns the operation, read from the CRM's specification (part 7.3's condition of the code,
// and the endpoint of part 4 that names it); a code whose rule concerns every operation, or does
// not say which (`forbidden`, `plan_required`), stays everywhere.

type Operation = Record<string, any> & { operationId: string };
type Document = Record<string, any>;

type Concerns = (operation: Operation, context: { document: Document; path: string; method: string }) => boolean;

const named =
  (...operationIds: string[]): Concerns =>
  (operation) =>
    operationIds.includes(operation.operationId);

function bodyProperties(document: Document, operation: Operation): Set<string> {
  const names = new Set<string>();
  const visit = (schema: any, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 6) return;
    if (typeof schema.$ref === 'string') return visit(resolve(document, schema.$ref), depth + 1);
    Object.keys(schema.properties ?? {}).forEach((name) => names.add(name));
    for (const key of ['allOf', 'oneOf', 'anyOf']) (schema[key] ?? []).forEach((part: unknown) => visit(part, depth + 1));
  };
  for (const media of Object.values(operation.requestBody?.content ?? {}) as any[]) visit(media.schema, 0);
  return names;
}

function parameterNames(document: Document, operation: Operation, pathItem: Record<string, any>, where: string): string[] {
  return [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]
    .map((parameter: any) => (parameter.$ref ? resolve(document, parameter.$ref) : parameter))
    .filter((parameter: any) => parameter?.in === where)
    .map((parameter: any) => parameter.name as string);
}

export function resolve(document: Document, ref: string): any {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: any, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

const takesCredentials: Concerns = (operation, { document }) =>
  (operation.security ?? document.security ?? []).some((requirement: object) => 'apiKey' in requirement || 'oauth2' in requirement);

/**
 * Codes tied to some operations only, with the operations they concern. Codes not listed here
 * concern every operation that has their status (a wrong type, an unknown field, rate limits).
 */
export const CODE_CONCERNS: Record<string, Concerns> = {
  // 7.3 "cursor not valid": operations that take a cursor (4.13: every list).
  invalid_cursor: (operation, { document, path }) =>
    parameterNames(document, operation, document.paths[path], 'query').includes('cursor') ||
    bodyProperties(document, operation).has('cursor'),
  // 7.3 "id of the wrong type": ids in the path (2.2), and the record id of the timeline and notes (4.5).
  invalid_id_type: (operation, { document, path }) =>
    parameterNames(document, operation, document.paths[path], 'path').length > 0 ||
    ['listTimeline', 'createNote'].includes(operation.operationId),
  // Key errors of 5.1 and 7.3: routes that take an API key or an access token.
  credentials_in_url: takesCredentials,
  ip_not_allowed: takesCredentials,
  missing_scope: (operation) =>
    (operation['x-scopes'] ?? []).length > 0 ||
    ['x-scopes-any', 'x-scopes-by-entity', 'x-scopes-conditional'].some((key) => key in operation),
  // 5.1: managing API keys, which this document has no route for; changing an inactive key likewise.
  permission_denied: () => false,
  key_inactive: () => false,
  // 5.2 step 3: the consent request.
  request_expired: named('authorize', 'submitConsent'),
  // 4.4: tag creation, and record writes that add names to the catalog.
  tags_admins_only: (operation, { document }) =>
    operation.operationId === 'createTag' || (operation.operationId !== 'updateTag' && bodyProperties(document, operation).has('tags')),
  tag_limit: named('createTag'),
  tag_exists: named('updateTag'),
  // 4.5: editing a note.
  edit_window_closed: named('updateNote'),
  // 4.12: the public form routes.
  origin_not_allowed: (operation) => (operation.tags ?? []).includes('Forms'),
  form_expired: named('submitForm'),
  form_quota_reached: named('submitForm'),
  form_unavailable: (operation) => (operation.tags ?? []).includes('Forms'),
  // 4.2, 7.3: a lead placed in a pipeline, when the workspace has none; a contact's second open lead.
  no_pipeline: named('createLead', 'updateLead', 'getLeadBoard', 'submitForm'),
  duplicate_lead: named('createLead'),
  // 4.8 and 3 (Message): sending to an opted-out client; retrying a message that did not fail.
  opted_out: named('sendMessage'),
  not_failed: named('retryMessage'),
  // 3 (Task), 4.10: snoozing a task that is not open.
  task_not_open: named('snoozeTask'),
  // 7.3 and 8: plan and object limits (webhooks per workspace by plan, 50 more contacts and 200
  // product lines on a lead, the 24 hours in which a bulk tag change can be undone).
  limit_reached: named('createWebhook', 'addLeadContact', 'addLeadProduct', 'undoBulkAction'),
  // 4.13 and 8: the query endpoint.
  query_too_slow: named('runQuery'),
  too_many_conditions: named('runQuery'),
  invalid_query: named('runQuery'),
  masked_filter: named('runQuery'),
  masked_sort: named('runQuery'),
};

const codeOf = (document: Document, ref: string): string | undefined => resolve(document, ref)?.['x-error-code'];

/**
 * Narrows, in place, every per-status error response of every operation to the codes that
 * concern the operation. Answers how many responses changed.
 */
export function narrowErrorResponses(document: Document): number {
  let changed = 0;
  for (const [path, pathItem] of Object.entries<Record<string, any>>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<any>(pathItem)) {
      if (!operation?.operationId || !operation.responses) continue;
      for (const [status, answer] of Object.entries<any>(operation.responses)) {
        const shared = typeof answer.$ref === 'string' ? resolve(document, answer.$ref) : undefined;
        const sharedSchema = shared?.content?.['application/json']?.schema;
        // The codes of a status, inline or as a schema of their own (`MalformedRequestError`).
        const union = typeof sharedSchema?.$ref === 'string' ? resolve(document, sharedSchema.$ref) : sharedSchema;
        const options: any[] | undefined = union?.oneOf;
        if (!shared || !options) continue;
        const codes = options.map((option) => (option.$ref ? codeOf(document, option.$ref) : undefined));
        const keep = options.filter((_option, index) => {
          const code = codes[index];
          return !code || !CODE_CONCERNS[code] || CODE_CONCERNS[code](operation, { document, path, method });
        });
        if (keep.length === options.length) continue;
        const kept = new Set(keep.map((option) => (option.$ref ? codeOf(document, option.$ref) : undefined)).filter(Boolean) as string[]);
        if (kept.size === 0) continue;
        // One shared response per status and set of codes, referred to by every operation that has it.
        const name = `${String(answer.$ref).split('/').pop()}_${[...kept].join('_')}`;
        document.components.responses ??= {};
        if (!document.components.responses[name]) {
          const media = shared.content['application/json'];
          const generic = String(shared.description ?? '').replace(/ Codes: .*$/, '');
          document.components.responses[name] = {
            ...shared,
            description: `${generic} Codes: ${[...kept].map((code) => `\`${code}\``).join(', ')}.`,
            content: {
              'application/json': {
                ...media,
                schema: { ...union, oneOf: keep },
                ...(media.examples
                  ? { examples: Object.fromEntries(Object.entries(media.examples).filter(([example]) => kept.has(example))) }
                  : {}),
              },
            },
          };
        }
        // Redoc shows a response's own description only when it is not a reference.
        operation.responses[status] = answer.description
          ? { ...document.components.responses[name], description: answer.description }
          : { $ref: `#/components/responses/${name}` };
        changed++;
      }
    }
  }
  return changed;
}

/**
 * A response given as a reference with a description of its own (`{$ref: NotFound, description:
 * 'the lead is not in the workspace'}`) shows only the shared description in Redoc: in the docs'
 * copy it becomes the shared response with the operation's description. Answers how many.
 */
export function inlineDescribedResponses(document: Document): number {
  let inlined = 0;
  for (const pathItem of Object.values<Record<string, any>>(document.paths ?? {})) {
    for (const operation of Object.values<any>(pathItem)) {
      for (const [status, answer] of Object.entries<any>(operation?.responses ?? {})) {
        if (typeof answer?.$ref !== 'string' || typeof answer.description !== 'string') continue;
        operation.responses[status] = { ...resolve(document, answer.$ref), description: answer.description };
        inlined++;
      }
    }
  }
  return inlined;
}
