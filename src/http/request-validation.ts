// Checks a request's path, query and body against the operation's schemas in the document and
// answers in the terms of spec 2.1 and 7.3: unknown_field (400), bad_json (400, wrong type or
// malformed JSON), validation_failed (422), and for path ids invalid_id_type (400) or not_found.
import type { ErrorObject } from 'ajv';
import { ApiError } from '../errors/api-error.ts';
import type { Operation, OperationParameter } from '../spec/operation-index.ts';
import type { SchemaValidator } from '../spec/schema-validator.ts';
import { exclusiveChoiceAt, nameExclusiveChoice } from './exclusive-choice.ts';
import { KNOWN_ID_PREFIXES } from '../ids/ids.ts';
import { notFound } from '../errors/not-found.ts';

export type ValidatedInput = {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
};

export function validatePath(operation: Operation, params: Record<string, string>, validator: SchemaValidator): Record<string, string> {
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const value = params[parameter.name] ?? '';
    if (validator.at(parameter.schemaPointer)(value)) continue;
    const prefix = /^([a-z]+)_[0-9a-z]{26}$/.exec(value)?.[1];
    throw prefix && KNOWN_ID_PREFIXES.has(prefix) ? new ApiError('invalid_id_type') : notFound(value);
  }
  return params;
}

export function validateQuery(operation: Operation, search: URLSearchParams, validator: SchemaValidator): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const raw = search.get(parameter.name);
    if (raw === null) {
      if (parameter.required) fields[parameter.name] = 'is required';
      else if (parameter.schema.default !== undefined) query[parameter.name] = parameter.schema.default;
      continue;
    }
    const value = coerce(raw, parameter);
    const problems = validator.problems(parameter.schemaPointer, value);
    if (problems.length) fields[parameter.name] = messageOf(problems[0]!) ?? 'is invalid';
    else query[parameter.name] = value;
  }
  if (Object.keys(fields).length) throw new ApiError('validation_failed', { fields });
  return query;
}

/** Query strings carry text: numbers and booleans are read as the schema says. */
function coerce(raw: string, parameter: OperationParameter): unknown {
  const types = [parameter.schema.type].flat();
  if ((types.includes('integer') || types.includes('number')) && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

export function validateBody(operation: Operation, body: unknown, mediaType: string, validator: SchemaValidator): unknown {
  if (body === undefined) {
    if (operation.bodyRequired) throw new ApiError('bad_json', {}, { detail: 'A JSON body is required.' });
    return undefined;
  }
  const documented = Object.keys(operation.bodySchemas);
  const pointer = operation.bodySchemas[mediaType];
  // Spec 2.1: a body is sent in a media type its operation documents: JSON (the OAuth endpoints
  // also take forms, 5.2; the consent form takes only a form, and JSON sent there once reached
  // its handler as no body at all, a 500 of issue 15).
  if (!pointer && documented.length) {
    throw new ApiError('bad_json', {}, { detail: `The body must be sent as ${documented.join(' or ')}, not ${mediaType}.` });
  }
  if (!pointer) {
    // The operation takes no body: any field sent is unknown to it.
    const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
    if (keys.length) throw new ApiError('unknown_field', { fields: Object.fromEntries(keys.map((key) => [key, 'unknown field'])) });
    return undefined;
  }
  const problems = validator.problems(pointer, body);
  if (problems.length) throw classify(nameExclusiveChoice(problems, exclusiveChoiceAt(validator.document, pointer)));
  return body;
}

/**
 * One code for the whole request, by precedence: an unknown field, then a value of the wrong
 * type, then any other invalid value. A field counts as wrongly typed only when every problem
 * reported at it is about its type (so `"abc"` for a nullable id is invalid, not mistyped).
 */
function classify(problems: ErrorObject[]): ApiError {
  const unknown = problems.filter((p) => p.keyword === 'additionalProperties' || p.keyword === 'unevaluatedProperties');
  if (unknown.length) {
    const fields = Object.fromEntries(
      unknown.map((p) => [fieldName(p.instancePath, String(p.params.additionalProperty ?? p.params.unevaluatedProperty)), 'unknown field']),
    );
    return new ApiError('unknown_field', { fields });
  }
  const byField = new Map<string, ErrorObject[]>();
  for (const problem of problems) {
    if (problem.keyword === 'oneOf' || problem.keyword === 'anyOf' || problem.keyword === 'if') continue;
    // `dependentRequired` (e.g. `all_day` needs `due_at`) names the missing field like `required`.
    const missing = problem.keyword === 'required' || problem.keyword === 'dependentRequired';
    const field = missing ? fieldName(problem.instancePath, String(problem.params.missingProperty)) : fieldName(problem.instancePath);
    byField.set(field, [...(byField.get(field) ?? []), problem]);
  }
  const mistyped = [...byField].filter(([, list]) => isMistyped(list));
  if (mistyped.length)
    return new ApiError('bad_json', {
      fields: Object.fromEntries(mistyped.map(([field, list]) => [field, list[0]!.message ?? 'has the wrong type'])),
    });
  if (byField.size === 0)
    return new ApiError('validation_failed', { fields: { '': (problems[0] && messageOf(problems[0])) ?? 'is invalid' } });
  return new ApiError('validation_failed', {
    fields: Object.fromEntries(
      [...byField].map(([field, list]) => {
        const problem = list.find((p) => p.keyword !== 'type');
        return [field, (problem && messageOf(problem)) ?? 'is invalid'];
      }),
    ),
  });
}

/**
 * Ajv's message, except for an enum: "must be equal to one of the allowed values" leaves the
 * caller guessing, so the allowed values are listed (up to 20; a longer list is cut with "...").
 */
function messageOf(problem: ErrorObject): string | undefined {
  if (problem.keyword !== 'enum' || !Array.isArray(problem.params.allowedValues)) return problem.message;
  const values = (problem.params.allowedValues as unknown[]).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return `must be one of ${values.slice(0, 20).join(', ')}${values.length > 20 ? ', ...' : ''}`;
}

// Keywords that only judge a value of the right type: a problem from one of them means the type
// was right in some branch, so the value is invalid rather than mistyped.
const TYPED_KEYWORDS = new Set([
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minProperties',
  'maxProperties',
  'required',
  'dependentRequired',
  'propertyNames',
  'additionalProperties',
  'unevaluatedProperties',
]);

/**
 * A field is mistyped (400 bad_json) when its value's JSON type fits none of the schema's
 * branches: a `type` problem, and no problem that only arises once the type fits. `5` for a
 * string enum is mistyped; `"abc"` for a nullable id is invalid (the string branch judged it).
 */
function isMistyped(problems: ErrorObject[]): boolean {
  return problems.some((p) => p.keyword === 'type') && !problems.some((p) => TYPED_KEYWORDS.has(p.keyword));
}

/** `/contact/phones/0` -> `contact.phones[0]`; the root is named `body`. */
function fieldName(instancePath: string, child?: string): string {
  const segments = instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (child !== undefined) segments.push(child);
  if (segments.length === 0) return 'body';
  return segments.reduce((name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), '');
}
