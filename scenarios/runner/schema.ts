// The scenario schema (scenarios/scenario.schema.json) compiled once, and its errors said the way
// an author reads them: the path in the file, and the schema's own `x-message` where it has one
// (Ajv's words for a failed oneOf name no step kind).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

export type SchemaProblem = { path: (string | number)[]; message: string; key?: string };

const SCHEMA_URL = new URL('../scenario.schema.json', import.meta.url);

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allErrors: true,
    allowUnionTypes: true,
    verbose: true,
  });
  // `x-message` is an annotation: the friendly words for the errors of the schema that holds it.
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  compiled = ajv.compile(JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as object);
  return compiled;
}

export function schemaProblems(value: unknown): SchemaProblem[] {
  const validate = validator();
  if (validate(value)) return [];
  return withoutBranchNoise(validate.errors ?? []).map(toProblem);
}

/**
 * A oneOf or anyOf that carries its own message says it all: the errors of its branches (each
 * branch's missing `required`, a value of the wrong shape) only repeat it in worse words. So does
 * Ajv's "property name must be valid" beside the name's own error.
 */
function withoutBranchNoise(errors: ErrorObject[]): ErrorObject[] {
  const explained = errors.filter((error) => ['oneOf', 'anyOf'].includes(error.keyword) && messageOf(error) !== undefined);
  const isBranchNoise = (error: ErrorObject) =>
    explained.some(
      (parent) =>
        parent !== error &&
        parent.instancePath === error.instancePath &&
        (/\/(oneOf|anyOf)\//.test(error.schemaPath) || SHAPE_KEYWORDS.has(error.keyword)),
    );
  return errors.filter((error) => error.keyword !== 'propertyNames' && !isBranchNoise(error));
}

const SHAPE_KEYWORDS = new Set(['type', 'pattern', 'const', 'enum', 'minLength', 'minimum']);

function toProblem(error: ErrorObject): SchemaProblem {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map(unescape)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const key = (error.params as { additionalProperty?: string }).additionalProperty ?? (error as { propertyName?: string }).propertyName;
  const own = messageOf(error);
  if (key !== undefined)
    return {
      path,
      key,
      message: own ? `${key}: ${own}` : error.keyword === 'additionalProperties' ? `unknown key ${key}` : `${key}: ${error.message}`,
    };
  if (error.keyword === 'required') return { path, message: `missing ${(error.params as { missingProperty: string }).missingProperty}` };
  if (error.keyword === 'enum')
    return { path, message: `${own ?? 'must be one of'}: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` };
  return { path, message: own ?? error.message ?? error.keyword };
}

function messageOf(error: ErrorObject): string | undefined {
  const message = (error.parentSchema as Record<string, unknown> | undefined)?.['x-message'];
  return typeof message === 'string' ? message : undefined;
}

function unescape(part: string): string {
  return part.replace(/~1/g, '/').replace(/~0/g, '~');
}
