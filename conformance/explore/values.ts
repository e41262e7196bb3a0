// Values for a body's properties, from their schemas in the document (type, enum, format, pattern,
// bounds), with the few names whose meaning a schema cannot carry (a phone, an email, a currency
// the service knows) given values of that meaning: a body of random strings would only ever test
// the refusal. Names and titles carry the run's marker (safe on a deployment: only its own records).
import { concrete, resolved, type Schema } from './document-schemas.ts';
import type { Coverage } from './coverage.ts';
import { customValue } from './custom-fields.ts';
import type { Prng } from './prng.ts';
import { RESOURCES } from './resources.ts';
import { OWNER_REF, type Ref } from './step.ts';

export type ValueContext = {
  prng: Prng;
  /** What the sequence sent so far, for choices that reach every value in turn. */
  coverage: Coverage;
  /** The run's marker, put in every name the run writes. */
  marker: string;
  /** A record the sequence made before, of the type an id pattern names (`ct`, `co`, `ld`), if any. */
  refOf(prefix: string): Ref | undefined;
  /** Whether both sides have the fields of custom-fields.ts (a mock target: the field routes are first-party only, 4.9). */
  custom: boolean;
  /** Where the run's webhooks point (its receiver); none: the run makes no webhook. */
  webhookUrl?: string | undefined;
  /** The names of the run's tags in the trash or not (a record's `tags` names only these: a name missing from the catalog would add a tag the run did not make, 4.4). */
  tagNames(): string[];
};

const CREATES = new Set<string>(RESOURCES.map((resource) => resource.create));
const WORDS = ['Orzu', 'Samarqand', 'Bahor', 'Ipak', 'Navruz', 'Chinor', 'Zarafshon', 'Lola'];
const CURRENCIES = ['UZS', 'USD', 'EUR'];
/** Mobile prefixes of Uzbek operators; every spelling below is one spec 2.4 normalizes. */
const OPERATOR_CODES = ['90', '91', '93', '94', '97', '99'];
/** Properties the explorer leaves out of its bodies, each for a reason of its own. */
const LEFT_OUT = new Set([
  'owner_id',
  'mentions', // members are the workspace's, not the run's (a task's assignee is its owner, below)
  'pipeline_id',
  'stage_id',
  'position', // pipelines and boards are the workspace's
  'loss_reason',
  'utm',
  'contact',
  'entity_label',
]);

function phone(prng: Prng): string {
  const digits = Array.from({ length: 7 }, () => prng.int(10)).join('');
  const code = prng.pick(OPERATOR_CODES);
  return prng.pick([
    `+998${code}${digits}`,
    `+998 ${code} ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
    `${code} ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`,
  ]);
}

function email(context: ValueContext): string {
  const word = context.prng.pick(WORDS);
  return `${context.prng.chance(0.5) ? word.toUpperCase() : word.toLowerCase()}.${context.marker}${context.prng.int(1000)}@Example.com`;
}

/** A time days ahead, written in one of the forms RFC 3339 allows: with milliseconds, to the second, at +05:00. */
function timeAhead(prng: Prng): string {
  const time = new Date(Date.now() + (1 + prng.int(30)) * 86_400_000);
  const iso = time.toISOString();
  return prng.pick([iso, `${iso.slice(0, 19)}Z`, `${new Date(time.getTime() + 5 * 3_600_000).toISOString().slice(0, 19)}+05:00`]);
}

function named(context: ValueContext, maxLength = 255): string {
  return `${context.marker} ${context.prng.pick(WORDS)} ${context.prng.int(10_000)}`.slice(0, maxLength);
}

/** A value for `name` of this schema in a body of `route` (an operationId), or undefined to leave the property out. */
export function valueFor(name: string, schema: Schema, context: ValueContext, route = ''): unknown {
  if (name === 'custom') return context.custom ? customValue(context.prng, context.coverage, route, CREATES.has(route)) : undefined;
  if (LEFT_OUT.has(name)) return undefined;
  const plain = concrete(schema);
  if (name === 'assignee_id') return { ref: OWNER_REF };
  const idPrefix = /^\^\(([a-z]+)\|/.exec(plain.pattern ?? '')?.[1];
  if (idPrefix) return context.refOf(idPrefix);
  if (/^(phone)$/.test(name)) return phone(context.prng);
  if (/^(email)$/.test(name)) return email(context);
  if (name === 'phones') return Array.from({ length: 1 + context.prng.int(2) }, () => phone(context.prng));
  if (name === 'emails') return Array.from({ length: 1 + context.prng.int(2) }, () => email(context));
  if (name === 'tags') return tagsFor(context);
  if (name === 'url' && context.webhookUrl) return context.webhookUrl;
  // A list whose schema gives an example (a webhook's event patterns): the document's own example.
  if (plain.type === 'array' && Array.isArray(plain.examples?.[0])) return plain.examples[0];
  if (name === 'currency') return context.coverage.least(CURRENCIES, (code) => `currency=${code}`);
  // Each value of an enum or a flag in turn (coverage.ts): an archived product is unarchived, a type is changed back.
  if (plain.enum)
    return context.coverage.least(
      plain.enum.filter((value: unknown) => value !== ''),
      (value) => `${name}=${String(value)}`,
    );
  return valueOfType(name, plain, context);
}

/** Some of the run's tag names, now and then spelled in another case (4.4: "stored as the catalog spells it"); none: left out. */
function tagsFor(context: ValueContext): string[] | undefined {
  const names = context.tagNames();
  if (!names.length) return undefined;
  // The marker (the name's first word) keeps its case: a replay's names carry its own marker in place of the run's.
  const otherCase = (name: string) => name.replace(/ .*/, (rest) => rest.toUpperCase());
  return context.prng
    .some(names)
    .slice(0, 3)
    .map((name) => (context.prng.chance(0.2) ? otherCase(name) : name));
}

function valueOfType(name: string, plain: Schema, context: ValueContext): unknown {
  const { prng } = context;
  if (plain.format === 'uri') return `https://example.com/${context.marker}/${prng.int(100)}`;
  if (plain.format === 'date-time') return timeAhead(prng);
  if (plain.type === 'boolean') return name === 'all_day' ? false : context.coverage.least([true, false], (value) => `${name}=${value}`);
  if (plain.type === 'integer') return Math.max(plain.minimum ?? 0, prng.int(name === 'duration_min' ? 240 : 5_000_000));
  if (plain.type === 'number') return prng.pick([0, 12, 12.5, 15]);
  if (plain.type !== 'string') return undefined;
  // Where the document says the service trims a name and folds its spaces (a tag's, 2.5), it is sometimes sent loosely.
  const loose = /trimmed/i.test(plain.description ?? '') && prng.chance(0.4);
  const text = loose ? ` ${named(context, (plain.maxLength ?? 255) - 3).replace(' ', '  ')} ` : named(context, plain.maxLength);
  return !plain.pattern || new RegExp(plain.pattern, 'u').test(text) ? text : undefined;
}

/** A value of the wrong type for a property (a number for a string, a string for anything else): an invalid variant. */
export function wrongTypeFor(schema: Schema): unknown {
  return resolved(schema).type === 'string' || concrete(schema).type === 'string' ? 12345 : 'not-of-this-type';
}

/** A value one past its bound: a list of `maxItems + 1` of its kind, or a text of `maxLength + 1` (undefined: no bound). */
export function pastBound(name: string, schema: Schema, context: ValueContext): unknown {
  const plain = concrete(schema);
  if (plain.type === 'array' && typeof plain.maxItems === 'number' && ['phones', 'emails'].includes(name)) {
    return Array.from({ length: plain.maxItems + 1 }, () => valueFor(name.slice(0, -1), {}, context));
  }
  if (plain.type === 'string' && typeof plain.maxLength === 'number' && !plain.pattern && !plain.enum && !plain.format) {
    return `${context.marker} `.padEnd(plain.maxLength + 1, 'x');
  }
  return undefined;
}
