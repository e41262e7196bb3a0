// A body schema whose root `oneOf` only chooses which properties are required, such as the query
// body's `oneOf: [{required: [query]}, {required: [q]}]` (spec 4.13: `q` in place of `query`,
// exactly one of them). Ajv reports a broken choice at the root (field ""), which a client showing
// problems by field cannot place; this names the properties instead, read from the schema itself:
// - neither sent: the first branch's properties (the schema's first choice), e.g. `query`;
// - more than one sent: the sent properties of every branch that matched, e.g. `query` and `q`,
//   since nothing says which one the caller meant to keep.
import type { ErrorObject } from 'ajv';
import type { OpenApiDocument } from '../spec/document.ts';
import { resolvePointer } from '../spec/json-pointer.ts';

type Branch = string[];

/** The branches of the root `oneOf` of the schema at `pointer`, when each only requires properties. */
export function exclusiveChoiceAt(document: OpenApiDocument, pointer: string): Branch[] | undefined {
  let schema = resolvePointer(document, pointer) as { $ref?: unknown; oneOf?: unknown } | undefined;
  while (typeof schema?.$ref === 'string' && schema.$ref.startsWith('#/')) schema = resolvePointer(document, schema.$ref) as typeof schema;
  if (!Array.isArray(schema?.oneOf) || schema.oneOf.length < 2) return undefined;
  const branches = schema.oneOf.map(requiredOnly);
  return branches.every((branch): branch is Branch => branch !== undefined) ? branches : undefined;
}

function requiredOnly(branch: unknown): Branch | undefined {
  if (!branch || typeof branch !== 'object') return undefined;
  const { required, ...rest } = branch as { required?: unknown };
  const names = Array.isArray(required) && required.every((name) => typeof name === 'string') ? required : undefined;
  return names?.length && Object.keys(rest).filter((key) => key !== 'description').length === 0 ? names : undefined;
}

/**
 * Replaces Ajv's problems of a broken root choice (the `oneOf` at "" and its branches' `required`
 * at "") by one problem per property to name; other problems pass unchanged.
 */
export function nameExclusiveChoice(problems: ErrorObject[], branches: Branch[] | undefined): ErrorObject[] {
  const broken = problems.find((p) => p.keyword === 'oneOf' && p.instancePath === '' && p.schemaPath === '#/oneOf');
  if (!branches || !broken) return problems;
  const rest = problems.filter((p) => p !== broken && !(p.instancePath === '' && p.schemaPath.startsWith('#/oneOf/')));
  const all = [...new Set(branches.flat())];
  const passing = broken.params.passingSchemas as number[] | null;
  const named = passing
    ? passing
        .flatMap((index) => branches[index] ?? [])
        .map((name) => choiceProblem(name, `cannot be sent with ${others(all, name)} (exactly one of ${all.join(', ')})`))
    : branches[0]!.map((name) =>
        choiceProblem(name, `is required, or ${others(all, name)} in its place (exactly one of ${all.join(', ')})`),
      );
  return [...named, ...rest];
}

const others = (all: string[], name: string) => all.filter((other) => other !== name).join(' or ');

function choiceProblem(name: string, message: string): ErrorObject {
  return { keyword: 'required', instancePath: '', schemaPath: '#/oneOf', params: { missingProperty: name }, message };
}
