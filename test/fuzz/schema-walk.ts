// Just enough of JSON Schema to mutate bodies: follow local $refs, and list an object schema's
// properties through allOf, and through the first branch of oneOf/anyOf.
import { resolvePointer } from '../../src/spec/json-pointer.ts';

export type Schema = Record<string, any>;

export function resolve(document: unknown, schema: Schema | undefined): Schema {
  let node = schema ?? {};
  for (let hops = 0; typeof node.$ref === 'string' && node.$ref.startsWith('#/') && hops < 20; hops++) {
    node = (resolvePointer(document, node.$ref.slice(1)) as Schema | undefined) ?? {};
  }
  return node;
}

/** The properties an object schema names, with their schemas resolved. */
export function propertiesOf(document: unknown, schema: Schema | undefined, depth = 0): Record<string, Schema> {
  const node = resolve(document, schema);
  if (depth > 6) return {};
  const own = Object.fromEntries(Object.entries(node.properties ?? {}).map(([name, value]) => [name, resolve(document, value as Schema)]));
  const parts = [...(node.allOf ?? []), ...(node.oneOf?.slice(0, 1) ?? []), ...(node.anyOf?.slice(0, 1) ?? [])] as Schema[];
  return Object.assign({}, ...parts.map((part) => propertiesOf(document, part, depth + 1)), own);
}

export function requiredOf(document: unknown, schema: Schema | undefined): string[] {
  const node = resolve(document, schema);
  return [...(node.required ?? []), ...((node.allOf ?? []) as Schema[]).flatMap((part) => requiredOf(document, part))];
}

/** The JSON types a schema admits ('string', 'integer', ...), through one level of oneOf/anyOf. */
export function typesOf(document: unknown, schema: Schema): string[] {
  const node = resolve(document, schema);
  const own = node.type
    ? [node.type].flat()
    : node.enum
      ? [...new Set(node.enum.map((value: unknown) => (value === null ? 'null' : typeof value)))]
      : node.const !== undefined
        ? [typeof node.const]
        : [];
  const branches = [...(node.oneOf ?? []), ...(node.anyOf ?? [])] as Schema[];
  return [...new Set([...own, ...branches.flatMap((branch) => typesOf(document, branch))])] as string[];
}
