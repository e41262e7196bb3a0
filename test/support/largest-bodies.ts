// The largest request bodies the limits allow (spec 8: 1 MB, or an operation's own
// `x-max-body-bytes`), in every shape that made a request's cost grow faster than its size
// (issue 15): a list filled with copies, with distinct items or with bad items, a text as long as
// the body, thousands of unknown keys, and values nested hundreds of thousands of levels deep.
// Each shape is built from the operation's own example body, so the rest of the body stays
// valid and the request reaches the check it is aimed at.
import type { OpenApiDocument } from '../../src/spec/document.ts';
import { resolvePointer } from '../../src/spec/json-pointer.ts';
import type { Operation } from '../../src/spec/operation-index.ts';

export type LargestBody = {
  operationId: string;
  method: string;
  /** The path with each parameter filled by a value of the right form. */
  path: string;
  /** `createNote mentions: distinct items`, for failure messages. */
  shape: string;
  /** How the operation takes credentials: an API key, the web app's session cookie, or none. */
  credential: 'key' | 'session' | 'none';
  /** The body of `bytes` bytes at most, for a size. */
  text(bytes: number): string;
};

type Place = (string | number)[];
type Fill = (bytes: number) => string;

const PLACEHOLDER = '\u0000fill\u0000';

export function largestBodies(document: OpenApiDocument, operations: Iterable<Operation>): LargestBody[] {
  const bodies: LargestBody[] = [];
  for (const operation of operations) {
    const pointer = operation.bodySchemas['application/json'];
    if (!pointer) continue;
    const base = exampleBody(document, operation, pointer);
    const credential = operation.acceptsBearer ? 'key' : operation.acceptsSession ? 'session' : 'none';
    const path = filledPath(operation);
    for (const [name, place, fill] of shapes(base)) {
      bodies.push({
        operationId: operation.id,
        method: operation.method,
        path,
        shape: `${operation.id} ${name}`,
        credential,
        text: (bytes) => bodyText(base, place, fill, bytes),
      });
    }
  }
  return bodies;
}

/** Every shape for every place of the example body: `[name, place, fill]`. */
function shapes(base: Record<string, unknown>): [string, Place, Fill][] {
  const found: [string, Place, Fill][] = [['unknown keys', [], unknownKeys]];
  for (const [place, value] of places(base)) {
    const name = place.join('.');
    if (Array.isArray(value)) {
      const item = value[0] ?? 'x';
      found.push([`${name}: copies`, place, list(() => JSON.stringify(item))]);
      found.push([`${name}: distinct items`, place, list((i) => JSON.stringify(variant(item, i)))]);
      found.push([`${name}: bad items`, place, list(() => (item && typeof item === 'object' ? '{}' : '""'))]);
      found.push([`${name}: items of the wrong type`, place, list(() => (typeof item === 'string' ? '0' : '"x"'))]);
    } else if (value && typeof value === 'object') {
      found.push([`${name}: unknown keys`, place, (bytes) => `{${unknownKeys(bytes - 2).slice(1, -1)}}`]);
    } else if (typeof value === 'string' && place.length <= 2) {
      found.push([`${name}: long text`, place, (bytes) => `"${'x'.repeat(Math.max(0, bytes - 2))}"`]);
    }
    // Deep values where the schema may descend: a property of the body, or an item of its lists.
    if (place.length <= 2)
      found.push([`${name}: nested lists`, place, (bytes) => '['.repeat(Math.floor(bytes / 2)) + ']'.repeat(Math.floor(bytes / 2))]);
    if (place.length === 1) found.push([`${name}: nested objects`, place, nestedObjects]);
  }
  return found;
}

/** The places of a value (not the root), depth first: `['query', 'conditions']`. */
function places(value: unknown, at: Place = []): [Place, unknown][] {
  const found: [Place, unknown][] = at.length ? [[at, value]] : [];
  if (Array.isArray(value)) value.slice(0, 1).forEach((item, i) => found.push(...places(item, [...at, i])));
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) found.push(...places(child, [...at, key]));
  return found;
}

function bodyText(base: Record<string, unknown>, place: Place, fill: Fill, bytes: number): string {
  if (!place.length) return fill(bytes);
  const shell = JSON.stringify(setAt(structuredClone(base), place, PLACEHOLDER));
  const slot = JSON.stringify(PLACEHOLDER);
  return shell.replace(slot, fill(bytes - (shell.length - slot.length)));
}

function setAt(root: Record<string, unknown>, place: Place, value: unknown): Record<string, unknown> {
  let node: any = root;
  for (const key of place.slice(0, -1)) node = node[key];
  node[place.at(-1)!] = value;
  return root;
}

/** A JSON list of as many items as fit in `bytes`. */
function list(item: (i: number) => string): Fill {
  return (bytes) => {
    const items: string[] = [];
    for (let size = 1, i = 0; ; i += 1) {
      const next = item(i);
      size += next.length + 1;
      if (size > bytes) break;
      items.push(next);
    }
    return `[${items.join(',')}]`;
  };
}

/** `{"k0000000":0,...}`: an object of as many unknown keys as fit. */
function unknownKeys(bytes: number): string {
  const count = Math.max(0, Math.floor((bytes - 2) / 13));
  return `{${Array.from({ length: count }, (_, i) => `"k${String(i).padStart(7, '0')}":0`).join(',')}}`;
}

function nestedObjects(bytes: number): string {
  const depth = Math.max(0, Math.floor((bytes - 2) / 7));
  return `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;
}

/** The item made distinct by its `i`, keeping its form: an id keeps its prefix and length. */
function variant(item: unknown, i: number): unknown {
  if (typeof item === 'string') {
    const suffix = i.toString(36);
    return item.length > suffix.length ? item.slice(0, item.length - suffix.length) + suffix : `${item}${suffix}`;
  }
  if (typeof item === 'number') return i;
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const entries = Object.entries(item);
    const textual = entries.findIndex(([, value]) => typeof value === 'string');
    if (textual >= 0) return Object.fromEntries(entries.map(([key, value], k) => [key, k === textual ? variant(value, i) : value]));
    return { ...item, [`k${i}`]: 0 };
  }
  return [item, i];
}

/** The operation's example body, else its schema's first example, else `{}`. */
function exampleBody(document: OpenApiDocument, operation: Operation, schemaPointer: string): Record<string, unknown> {
  const media = resolvePointer(document, schemaPointer.replace(/\/schema$/, '')) as { example?: unknown } | undefined;
  let schema = resolvePointer(document, schemaPointer) as { $ref?: string; examples?: unknown[] } | undefined;
  while (schema?.$ref) schema = resolvePointer(document, schema.$ref) as typeof schema;
  const example = media?.example ?? schema?.examples?.[0] ?? {};
  return example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
}

/** The path with each parameter filled by a value its schema accepts: an id of the right prefix, a record number, an enum's first value. */
function filledPath(operation: Operation): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    if (Array.isArray(schema.enum)) return String(schema.enum[0]);
    const prefix = /^\^\(*([a-z]+)[|)_]/.exec(String(schema.pattern ?? ''))?.[1];
    return prefix ? `${prefix}_${'0'.repeat(26)}` : 'x';
  });
}
