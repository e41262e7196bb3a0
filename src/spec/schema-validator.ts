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

// Validators depend on the document alone: every mock of a process (a test file makes many)
// shares one set per document, and each schema compiles once, when first used (issue 14: a
// mock's start compiled 40 record schemas and Ajv's meta-schema, 200 ms of its 250).
const byDocument = new WeakMap<OpenApiDocument, SchemaValidator>();

export function createSchemaValidator(document: OpenApiDocument): SchemaValidator {
  let validator = byDocument.get(document);
  if (!validator) byDocument.set(document, (validator = buildSchemaValidator(document)));
  return validator;
}

function buildSchemaValidator(document: OpenApiDocument): SchemaValidator {
  let ajv: Ajv2020 | undefined;
  const compile = (schema: object) => (ajv ??= documentAjv(document)).compile(schema);
  const compiled = new Map<string, ValidateFunction>();
  const once = (key: string, schema: () => object): ValidateFunction => {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = compiledOnFirstUse(() => compile(schema()))));
    return validate;
  };
  const at = (pointer: string) => once(pointer, () => ({ $ref: `${DOCUMENT_ID}#${encodeURI(pointer)}` }));
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
      return once(`${pointer} without ${omit.join(',')}`, () => absoluteRefs({ ...schema, properties, required }) as object);
    },
  };
}

function documentAjv(document: OpenApiDocument): Ajv2020 {
  // strictTypes is off: OpenAPI authors write `properties` without `type: object` inside allOf, which is valid.
  // Every problem is collected (answers name each bad field), up to MAX_PROBLEMS and in linear
  // time (issue 15): see bounded-errors.ts, and `uniqueItems` uses a map instead of comparing every pair.
  // The document is not checked against JSON Schema's meta-schema here (Redocly lints it, and
  // strict mode still refuses unknown keywords): that check compiled the meta-schema in every mock.
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allErrors: true,
    allowUnionTypes: true,
    validateSchema: false,
    code: { process: boundedErrors },
  });
  ajv.removeKeyword('uniqueItems').addKeyword(uniqueItemsKeyword);
  addFormats(ajv);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...DOCUMENT_SECTIONS, ...extensionKeywords(document)]);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return ajv;
}

/**
 * A validator compiled when first called. It answers `false` with the first MAX_PROBLEMS
 * problems when it stopped there (bounded-errors.ts).
 */
function compiledOnFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let validate: ValidateFunction | undefined;
  const guarded = ((data: unknown) => {
    validate ??= compile();
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
  guarded.errors = null;
  return guarded;
}

type ObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

/** A copy of a schema taken out of the document, its `#/...` references pointing back into it. */
function absoluteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absoluteRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${DOCUMENT_ID}${value}` : absoluteRefs(value),
    ]),
  );
}

/**
 * Every `x-...` key of the document, found in its JSON text: a key there always follows `{` or
 * `,`, and an escaped quote inside a string never does. A fifth of the time of walking the
 * objects (issue 14: 8 ms of a mock's first validation).
 */
function extensionKeywords(document: OpenApiDocument): string[] {
  return [...new Set(Array.from(JSON.stringify(document).matchAll(/[{,]"(x-[^"\\]*)":/g), (match) => match[1]!))];
}
