// `uniqueItems` in linear time. Ajv compares every pair of items whose type it cannot see in the
// schema (items given by a `$ref`, as every id list of the document is), and with `allErrors` it
// does so even when `maxItems` already failed: 32,000 ids in a 1 MB body took seconds (issue 15).
// Here each item is looked up in a Map, a list or object by a canonical text (object keys
// sorted, so key order does not make two equal objects differ, as for Ajv's deep equality).
import type { FuncKeywordDefinition } from 'ajv';

type UniqueItemsCheck = ((schema: boolean, data: unknown[]) => boolean) & { errors?: unknown[] | null };

/** The pair Ajv would name: the last item equal to an earlier one (`i`), and the nearest earlier copy (`j`). */
export function firstDuplicate(items: readonly unknown[]): { i: number; j: number } | undefined {
  // A string, number, boolean or null is its own key (a Map compares them by value, 0 and -0
  // alike); a list or object is keyed by its canonical text, in a map of its own so that the
  // text never meets an equal string item. A composite can only equal another composite: with
  // one alone (a hostile body's 1 MB nest beside an id) it is never written out.
  const isComposite = (item: unknown) => typeof item === 'object' && item !== null;
  const composites = items.filter(isComposite).length;
  const lastScalar = new Map<unknown, number>();
  const lastComposite = new Map<string, number>();
  let found: { i: number; j: number } | undefined;
  items.forEach((item, i) => {
    const composite = isComposite(item);
    if (composite && composites < 2) return;
    const key = composite ? canonical(item) : item;
    const seen = composite ? lastComposite : lastScalar;
    const j = seen.get(key);
    if (j !== undefined) found = { i, j };
    seen.set(key, i);
  });
  return found;
}

const check: UniqueItemsCheck = (schema, data) => {
  check.errors = null;
  // One item has no duplicate: a list of one deeply nested item is not read at all.
  const duplicate = schema && data.length > 1 ? firstDuplicate(data) : undefined;
  if (!duplicate) return true;
  const { i, j } = duplicate;
  // Ajv's own wording and params (ajv/lib/vocabularies/validation/uniqueItems.ts); Ajv adds the
  // paths to an error that has none.
  check.errors = [
    { keyword: 'uniqueItems', params: { i, j }, message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)` },
  ];
  return false;
};

export const uniqueItemsKeyword: FuncKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  errors: true,
  validate: check as FuncKeywordDefinition['validate'],
};

/**
 * One text per JSON value, equal for deep-equal values. Iterative, so a deeply nested item (a
 * hostile body nests 300,000 levels in 1 MB) cannot exhaust the stack.
 */
export function canonical(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length) {
    const next = stack.pop();
    if (next instanceof Closing) out.push(next.text);
    else if (Array.isArray(next)) {
      out.push('[');
      stack.push(CLOSE_ARRAY);
      for (let k = next.length - 1; k >= 0; k -= 1) stack.push(next[k], COMMA);
      if (next.length) stack.pop();
    } else if (next && typeof next === 'object') {
      const keys = Object.keys(next).sort();
      out.push('{');
      stack.push(CLOSE_OBJECT);
      for (let k = keys.length - 1; k >= 0; k -= 1)
        stack.push((next as Record<string, unknown>)[keys[k]!], new Closing(`${JSON.stringify(keys[k])}:`), COMMA);
      if (keys.length) stack.pop();
    } else out.push(JSON.stringify(next) ?? 'undefined');
  }
  return out.join('');
}

/** A piece of text queued among the values still to write. */
class Closing {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const CLOSE_ARRAY = new Closing(']');
const CLOSE_OBJECT = new Closing('}');
const COMMA = new Closing(',');
