// One Ajv (JSON Schema 2020-12) over the whole OpenAPI document: any schema in it, addressed by
// its JSON pointer, compiles once into a validator whose $refs resolve inside the document.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './document.ts';
import { resolvePointer } from './json-pointer.ts';
import { boundedErrors, isTooManyProblems, MAX_PROBLEMS } from './bounded-errors.ts';
import { uniqueItemsKeyword } from './unique-items.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const DOCUMENT_ID = 'https://crmkit.local/openapi.json';
// Keywords that OpenAPI allows beside JSON Schema, and the document's top-level sections:
// declared so that Ajv's strict mode accepts them and still rejects misspelt keywords.
const OPENAPI_KEYWORDS = ['discriminator', 'xml', 'externalDocs', 'example'];
const DOCUMENT_SECTIONS = ['openapi', 'info', 'servers', 'paths', 'webhooks', 'components', 'tags', 'security', 'jsonSchemaDialect'];

export type SchemaValidator = {
  document: OpenApiDocument;
  /** Compiles (once) the schema found at `pointer` in the document, e.g. `/components/schemas/Lead`. */
  at(pointer: string): ValidateFunction;
  /** Validates `value` against the schema at `pointer`; returns the problems (at most MAX_PROBLEMS), empty when valid. */
  problems(pointer: string, value: unknown): ErrorObject[];
  /**
   * The object schema at `pointer` without the properties in `omit`: a stored record leaves out
   * what is computed when it is read (a lead's `owner {id, name}` comes from its `owner_id`).
   */
  without(pointer: string, omit: readonly string[]): ValidateFunction;
};

export function createSchemaValidator(document: OpenApiDocument): SchemaValidator {
  // strictTypes is off: OpenAPI authors write `properties` without `type: object` inside allOf, which is valid.
  // Every problem is collected (answers name each bad field), up to MAX_PROBLEMS and in linear
  // time (issue 15): see bounded-errors.ts, and `uniqueItems` uses a map instead of comparing every pair.
  const ajv = new Ajv2020({
    strict: true, strictTypes: false, strictRequired: false, allErrors: true, allowUnionTypes: true,
    code: { process: boundedErrors },
  });
  ajv.removeKeyword('uniqueItems').addKeyword(uniqueItemsKeyword);
  addFormats(ajv);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...DOCUMENT_SECTIONS, ...extensionKeywords(document)]);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });

  const compiled = new Map<string, ValidateFunction>();
  const at = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = stoppingAtTooMany(ajv.compile({ $ref: `${DOCUMENT_ID}#${encodeURI(pointer)}` }));
      compiled.set(pointer, validate);
    }
    return validate;
  };
  return {
    document,
    at,
    problems(pointer, value) {
      const validate = at(pointer);
      return validate(value) ? [] : [...(validate.errors ?? [])];
    },
    without(pointer, omit) {
      const schema = resolvePointer(document, pointer) as ObjectSchema | undefined;
      if (!schema?.properties) throw new Error(`no object schema at ${pointer}`);
      const properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !omit.includes(name)));
      const required = (schema.required ?? []).filter((name) => !omit.includes(name));
      return stoppingAtTooMany(ajv.compile(absoluteRefs({ ...schema, properties, required }) as object));
    },
  };
}

/** The validator, answering `false` with the first MAX_PROBLEMS problems when it stopped there (bounded-errors.ts). */
function stoppingAtTooMany(validate: ValidateFunction): ValidateFunction {
  const guarded = ((data: unknown) => {
    try {
      const valid = validate(data);
      guarded.errors = validate.errors;
      return valid;
    } catch (thrown) {
      if (!isTooManyProblems(thrown)) throw thrown;
      guarded.errors = thrown.tooManyProblems.slice(0, MAX_PROBLEMS) as ErrorObject[];
      return false;
    }
  }) as ValidateFunction;
  return Object.assign(guarded, { schema: validate.schema, schemaEnv: validate.schemaEnv, errors: null });
}

type ObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

/** A copy of a schema taken out of the document, its `#/...` references pointing back into it. */
function absoluteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absoluteRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${DOCUMENT_ID}${value}` : absoluteRefs(value)]),
  );
}

function extensionKeywords(node: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(node)) node.forEach((item) => extensionKeywords(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeywords(value, found);
    }
  }
  return [...found];
}
