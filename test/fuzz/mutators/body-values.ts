// Bodies made wrong on purpose, from the operation's body schema and example: a value of another
// JSON type per property, strings and lists at and over their documented limits, deep nesting,
// unknown and missing fields.
import type { Rng } from '../rng.ts';
import type { Schema } from '../schema-walk.ts';
import { baseRequest, caseOf, encodeBody, type CaseContext, type Mutator } from '../fuzz-case.ts';

const VALUES_BY_TYPE: Record<string, (rng: Rng) => unknown> = {
  string: (rng) => rng.pick(['', ' ', 'x', '0', 'null', '\u0000', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '<script>', rng.text(rng.int(40))]),
  integer: (rng) => rng.pick([0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308]),
  number: (rng) => rng.pick([0.5, -0.0001, 1e-300, 3.14]),
  boolean: (rng) => rng.chance(0.5),
  null: () => null,
  object: (rng) => rng.pick([{}, { a: 1 }, { '': '' }, JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: {} } }]),
  array: (rng) => rng.pick([[], [1], [null], [[]], ['a', 2, {}]]),
};

/** A body that is the example with `change` applied, sent as the operation's media type. */
function bodyCase(
  context: CaseContext,
  name: string,
  change: (body: Record<string, unknown>, rng: Rng) => unknown,
): ReturnType<Mutator['make']> {
  const request = baseRequest(context);
  const body = context.sample.body;
  const example = structuredClone(body?.example ?? {});
  const changed = change(example, context.rng);
  request.body = encodeBody(body?.mediaType ?? 'application/json', changed);
  if (!body) request.headers.push(['Content-Type', 'application/json']);
  return caseOf(context, name, request);
}

function someProperty(context: CaseContext, where?: (schema: Schema) => boolean): [string, Schema] | undefined {
  const entries = Object.entries(context.sample.body?.properties ?? {}).filter(([, schema]) => !where || where(schema));
  return entries.length ? context.rng.pick(entries) : undefined;
}

export const bodyValueMutators: Mutator[] = [
  {
    name: 'body-wrong-type',
    make: (context) =>
      bodyCase(context, 'body-wrong-type', (body, rng) => {
        const [name = rng.text(5)] = someProperty(context) ?? [];
        const type = rng.pick(Object.keys(VALUES_BY_TYPE));
        body[name] = VALUES_BY_TYPE[type]!(rng);
        return body;
      }),
  },
  {
    name: 'body-oversize-string',
    make: (context) =>
      bodyCase(context, 'body-oversize-string', (body, rng) => {
        const [name = 'name', schema = {}] =
          someProperty(context, (s) => [s.type].flat().includes('string')) ?? someProperty(context) ?? [];
        const limit = typeof schema.maxLength === 'number' ? schema.maxLength : 5000;
        const length = rng.pick([limit, limit + 1, limit * 2 + 7, Math.min(limit * 100, 300_000)]);
        body[name] = rng.chance(0.5) ? 'x'.repeat(length) : 'ж'.repeat(length);
        return body;
      }),
  },
  {
    name: 'body-oversize-array',
    make: (context) =>
      bodyCase(context, 'body-oversize-array', (body, rng) => {
        const [name = 'tags', schema = {}] = someProperty(context, (s) => [s.type].flat().includes('array')) ?? someProperty(context) ?? [];
        const limit = typeof schema.maxItems === 'number' ? schema.maxItems : 1000;
        const sample = Array.isArray(body[name]) && body[name].length ? body[name][0] : rng.text(6);
        const length = rng.pick([limit, limit + 1, limit * 3, 20_000]);
        body[name] = Array.from({ length }, (_, i) => (typeof sample === 'string' ? `${sample}${i}` : sample));
        return body;
      }),
  },
  {
    name: 'body-deep-nesting',
    make: (context) => {
      const depth = context.rng.pick([64, 1_000, 10_000, 100_000]);
      const request = baseRequest(context);
      const property = someProperty(context)?.[0] ?? 'name';
      const nested = context.rng.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      request.body = Buffer.from(context.rng.chance(0.3) ? nested : `{${JSON.stringify(property)}:${nested}}`);
      request.headers = [...request.headers.filter(([n]) => n.toLowerCase() !== 'content-type'), ['Content-Type', 'application/json']];
      return caseOf(context, 'body-deep-nesting', request);
    },
  },
  {
    name: 'body-unknown-field',
    make: (context) =>
      bodyCase(context, 'body-unknown-field', (body, rng) => {
        const name = rng.pick(['__proto__', 'constructor', 'id', 'created_at', 'workspace_id', '', ' ', 'Name', rng.text(12)]);
        // An own property, `__proto__` included, as JSON.parse would make it.
        Object.defineProperty(body, name, { value: rng.pick([1, 'x', null, {}]), enumerable: true, writable: true, configurable: true });
        return body;
      }),
  },
  {
    name: 'body-missing-required',
    make: (context) =>
      bodyCase(context, 'body-missing-required', (body, rng) => {
        const required = context.sample.body?.required ?? [];
        if (required.length) delete body[rng.pick(required)];
        else for (const key of Object.keys(body)) if (rng.chance(0.5)) delete body[key];
        return rng.chance(0.2) ? {} : body;
      }),
  },
  {
    name: 'body-not-an-object',
    make: (context) => bodyCase(context, 'body-not-an-object', (_, rng) => rng.pick([[], [{}], 'text', 42, null, true])),
  },
];
