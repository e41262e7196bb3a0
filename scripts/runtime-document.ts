// The runtime copy of a bundled document (openapi/dist/NAME.runtime.json, written by
// bundle-openapi.ts): the same document without its prose and examples, which only people and
// tools read (descriptions, summaries, examples, external docs, x-inferred-reason). The mock's
// core (routing, validation, scopes, limits, error codes) loads this copy in Node and in the
// browser (src/spec/runtime-document.ts): a smaller import and bundle (issue 14, start-up and
// size of the MSW face). Tests, the conformance suite, docs and generated types read the full one.
import { resolvePointer } from '../src/spec/json-pointer.ts';

/** Keywords that carry prose or examples and never change what a request or answer must be. */
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'externalDocs', 'x-inferred-reason']);
// Objects whose keys are names, not keywords: a schema may have a property named `description`,
// a component may be named `Example`. Their values are walked; their keys are kept.
const NAMED = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'dependentSchemas',
  'paths',
  'webhooks',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'mapping',
  'scopes',
  'variables',
]);

/** The document less its prose and examples; throws if a `$ref` would then point at nothing. */
export function runtimeDocument(document: object): object {
  const runtime = withoutProse(document, false) as object;
  for (const ref of refsIn(runtime)) {
    if (ref.startsWith('#') && resolvePointer(runtime, ref) === undefined)
      throw new Error(`the runtime copy lost the target of $ref ${ref}`);
  }
  return runtime;
}

function withoutProse(node: unknown, keysAreNames: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutProse(item, false));
  if (!node || typeof node !== 'object') return node;
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(node)) {
    if (keysAreNames) kept.push([key, withoutProse(value, false)]);
    // Values that are data, not document (const, default, enum, extensions), are kept whole.
    else if (isData(key)) kept.push([key, value]);
    else if (!PROSE.has(key)) kept.push([key, withoutProse(value, NAMED.has(key) && !Array.isArray(value))]);
  }
  return Object.fromEntries(kept);
}

function isData(key: string): boolean {
  return key === 'const' || key === 'default' || key === 'enum' || (key.startsWith('x-') && !PROSE.has(key));
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refsIn(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}
