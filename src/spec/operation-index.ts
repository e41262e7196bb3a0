// The operations of an OpenAPI document, indexed by operationId: what the router, the
// credential checks and the request validator need, each read once from the document.
import type { OpenApiDocument } from './document.ts';
import { escapeSegment, resolvePointer, toPointer } from './json-pointer.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

export type OperationParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Record<string, any>;
  /** JSON pointer to the parameter's schema, for the validator. */
  schemaPointer: string;
};

export type Operation = {
  id: string;
  method: string;
  path: string;
  tags: string[];
  /** Scopes that are all required (`x-scopes`). */
  scopes: string[];
  /** Scopes of which any one will do (`x-scopes-any`). */
  scopesAny: string[];
  /** Scopes by the record type the request names (`x-scopes-by-entity`). */
  scopesByEntity: Record<string, string[]>;
  /** Scopes needed when the body has a field (`x-scopes-conditional`). */
  scopesWhenFieldSent: Record<string, string[]>;
  /** No credentials at all (public forms, OAuth endpoints). */
  isPublic: boolean;
  /** Its security lists `apiKey` or `oauth2`: it takes a bearer API key or access token. */
  acceptsBearer: boolean;
  /** Its security lists `firstPartySession`: it reads the web app's session cookie. */
  acceptsSession: boolean;
  /** Only the first-party web app (`x-first-party-only`), reserved for owners and admins (spec 4.6). */
  isFirstPartyOnly: boolean;
  /** The spec does not show the operation, or parts of it; the document designed them (`x-inferred`, spec README reading 3). */
  isInferred: boolean;
  /** A control page served even with the control API off (`x-without-control`): the docs pages links point at. */
  isServedWithoutControl: boolean;
  /**
   * The spec does not show the route itself, or its method (`x-inferred-route`: webhook list, read
   * and delete, task sub-routes...): an assertion on its exchange rests on crmkit's design. An
   * operation whose route the spec shows but whose scope or answer it does not (`x-inferred` only:
   * tag creation, conversation snooze) is the spec's route: a stated rule judged on it is stated.
   */
  isRouteInferred: boolean;
  /**
   * Of the route, the spec does not show only the method (`x-inferred-method-only`: the task
   * sub-routes, the tag settings route): its path, body and effect are stated, so once a deployment
   * answers the method as the route (conformance/inferred-route.ts `answeredAsRoute`), a stated
   * rule judged on the answer is stated.
   */
  isMethodOnlyInferred: boolean;
  /**
   * The spec states the operation's answer though it leaves other parts of it open (`x-answer-stated`
   * beside `x-inferred`: the conversation counts, tag creation, a company's delete): a problem with
   * the answer's shape is judged as stated.
   */
  isAnswerStated: boolean;
  /** How errors are answered (`x-error-format`): the API envelope, or OAuth's forms (openapi/paths/oauth.yaml). */
  errorFormat: ErrorFormat;
  parameters: OperationParameter[];
  /** JSON pointers of the request body's schema per media type. */
  bodySchemas: Record<string, string>;
  bodyRequired: boolean;
  /** A larger body than the 1 MB of spec 8 (`x-max-body-bytes`): the control API's snapshots. */
  maxBodyBytes: number | undefined;
  /** The statuses the operation lists among its responses ('200', '402', ...). */
  responseStatuses: string[];
  /** JSON pointers of the JSON response bodies' schemas, by declared status ('200', '4XX', 'default'). */
  responseSchemas: Record<string, string>;
};

/**
 * `envelope`: the error envelope of spec 7.1. `oauth`: `{error, error_description}` (token and revoke).
 * `oauth-redirect`: the authorization endpoint, whose handler checks its own query (RFC 6749 4.1.2.1).
 * `form`: a public form submission, whose handler checks its own body (field errors by field id, in the visitor's language).
 */
export type ErrorFormat = 'envelope' | 'oauth' | 'oauth-redirect' | 'form';

export function indexOperations(document: OpenApiDocument): Map<string, Operation> {
  const index = new Map<string, Operation>();
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = (pathItem as Record<string, any>)?.[method];
      if (!operation) continue;
      const pointer = toPointer(['paths', path, method]);
      const id: string = operation.operationId;
      if (index.has(id)) throw new Error(`operationId ${id} appears twice`);
      const schemes = schemesOf(operation.security ?? document.security);
      const acceptsBearer = schemes.has('apiKey') || schemes.has('oauth2');
      const acceptsSession = schemes.has('firstPartySession');
      index.set(id, {
        id,
        method: method.toUpperCase(),
        path,
        tags: operation.tags ?? [],
        scopes: operation['x-scopes'] ?? [],
        scopesAny: operation['x-scopes-any'] ?? [],
        scopesByEntity: operation['x-scopes-by-entity'] ?? {},
        scopesWhenFieldSent: operation['x-scopes-conditional'] ?? {},
        isPublic: !acceptsBearer && !acceptsSession,
        acceptsBearer,
        acceptsSession,
        isFirstPartyOnly: operation['x-first-party-only'] === true,
        isInferred: operation['x-inferred'] === true,
        isServedWithoutControl: operation['x-without-control'] === true,
        isRouteInferred: operation['x-inferred-route'] === true,
        isMethodOnlyInferred: operation['x-inferred-method-only'] === true,
        isAnswerStated: operation['x-answer-stated'] === true,
        errorFormat: operation['x-error-format'] ?? 'envelope',
        parameters: readParameters(document, pathItem as Record<string, any>, operation, pointer),
        ...readBody(document, operation, pointer),
        maxBodyBytes: operation['x-max-body-bytes'],
        responseStatuses: Object.keys(operation.responses ?? {}),
        responseSchemas: readResponseSchemas(document, operation, pointer),
      });
    }
  }
  return index;
}

/** The security schemes any requirement names; public operations (forms, OAuth) name none of the credential ones. */
function schemesOf(security: Record<string, unknown>[] | undefined): Set<string> {
  return new Set((security ?? []).flatMap((requirement) => Object.keys(requirement)));
}

function readParameters(
  document: OpenApiDocument,
  pathItem: Record<string, any>,
  operation: Record<string, any>,
  pointer: string,
): OperationParameter[] {
  const pathItemPointer = pointer.slice(0, pointer.lastIndexOf('/'));
  const declared = [
    ...(pathItem.parameters ?? []).map((p: unknown, i: number) => [p, `${pathItemPointer}/parameters/${i}`] as const),
    ...(operation.parameters ?? []).map((p: unknown, i: number) => [p, `${pointer}/parameters/${i}`] as const),
  ];
  const byKey = new Map<string, OperationParameter>();
  for (const [raw, at] of declared) {
    const { node, at: where } = follow(document, raw, at);
    byKey.set(`${node.in}:${node.name}`, {
      name: node.name,
      in: node.in,
      required: node.required === true,
      schema: follow(document, node.schema, `${where}/schema`).node,
      schemaPointer: `${where}/schema`,
    });
  }
  return [...byKey.values()];
}

function readBody(document: OpenApiDocument, operation: Record<string, any>, pointer: string) {
  if (!operation.requestBody) return { bodySchemas: {}, bodyRequired: false };
  const { node: body, at } = follow(document, operation.requestBody, `${pointer}/requestBody`);
  const bodySchemas = Object.fromEntries(
    Object.keys(body.content ?? {}).map((mediaType) => [mediaType, `${at}/content/${escapeSegment(mediaType)}/schema`]),
  );
  return { bodySchemas, bodyRequired: body.required === true };
}

/** The JSON schema pointer of each declared response (`200`, `4XX`, `default`) that has a JSON body. */
function readResponseSchemas(document: OpenApiDocument, operation: Record<string, any>, pointer: string): Record<string, string> {
  const schemas: Record<string, string> = {};
  for (const [status, raw] of Object.entries(operation.responses ?? {})) {
    const { node: response, at } = follow(document, raw, `${pointer}/responses/${status}`);
    const mediaType = Object.keys(response?.content ?? {}).find((type) => type === 'application/json' || type.endsWith('+json'));
    if (mediaType) schemas[status] = `${at}/content/${escapeSegment(mediaType)}/schema`;
  }
  return schemas;
}

/** Follows a local `$ref` (possibly several) and returns the node and its pointer. */
function follow(document: OpenApiDocument, node: any, at: string): { node: any; at: string } {
  while (node && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    at = node.$ref.slice(1);
    node = resolvePointer(document, at);
  }
  return { node, at };
}
