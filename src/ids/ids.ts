// Ids of spec 2.1 and 2.2: `<prefix>_<26 lowercase letters and digits>`, sortable by creation
// time (10 characters of milliseconds, then 16 of counter and randomness, ULID-style in
// lowercase Crockford base32), never reused within a process, compared exactly.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Short prefixes of spec 2.2, and the mock's inferred ones (see the OpenAPI document). */
export const ID_PREFIXES = {
  lead: 'ld',
  contact: 'ct',
  company: 'co',
  pipeline: 'pl',
  stage: 'st',
  conversation: 'cv',
  channel: 'ch',
  webhook: 'wh',
  apiKey: 'key',
  app: 'app',
  tag: 'tag',
  event: 'evt',
  task: 'tk',
  note: 'nt',
  invoice: 'invoice',
  product: 'pr',
  field: 'fd',
  message: 'msg',
  member: 'mb',
  delivery: 'dlv',
  workspace: 'ws',
  installation: 'ins',
  team: 'tm',
  automation: 'au',
  lineItem: 'li',
  leadContact: 'lc',
  form: 'fm',
  bulkRun: 'blk',
  formSubmission: 'fsub',
  timelineItem: 'tl',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** The older long prefixes accepted on input, and the short ones they stand for (spec 2.2). */
export const LONG_PREFIXES: Record<string, string> = {
  lead: 'ld',
  contact: 'ct',
  company: 'co',
  task: 'tk',
  hook: 'wh',
  pipeline: 'pl',
  stage: 'st',
  member: 'mb',
  conv: 'cv',
  channel: 'ch',
  product: 'pr',
  field: 'fd',
  note: 'nt',
  auto: 'au',
  inst: 'ins',
};

export const KNOWN_ID_PREFIXES = new Set<string>([...Object.values(ID_PREFIXES), ...Object.keys(LONG_PREFIXES)]);

/** The short form of an id given with a long prefix; other values unchanged. */
export function normalizeId(id: string): string {
  const match = /^([a-z]+)_([0-9a-z]{26})$/.exec(id);
  const short = match && LONG_PREFIXES[match[1]!];
  return short ? `${short}_${match[2]}` : id;
}

export type IdFactory = ((kind: IdKind, nowMs: number) => string) & {
  /** Makes every later id sort after `id`, made by another process (a loaded snapshot). */
  follow(id: string): void;
};

/** A factory of ids that stay in creation order even when a virtual clock moves backwards. */
export function createIdFactory(): IdFactory {
  let lastMs = 0;
  let counter = 0n;
  const newId = (kind: IdKind, nowMs: number) => {
    if (nowMs > lastMs) {
      lastMs = nowMs;
      counter = randomBits60();
    } else {
      counter += 1n;
    }
    return `${ID_PREFIXES[kind]}_${encode(BigInt(lastMs), 10)}${encode(counter, 16)}`;
  };
  // A frozen clock gives a whole snapshot one millisecond: without this, a fresh process's random
  // counter would sort half of its new records before the loaded ones.
  const follow = (id: string) => {
    const body = /^[a-z]+_([0-9a-z]{26})$/.exec(id)?.[1];
    if (!body) return;
    const [ms, count] = [Number(decode(body.slice(0, 10))), decode(body.slice(10))];
    if (ms > lastMs || (ms === lastMs && count > counter)) [lastMs, counter] = [ms, count];
  };
  return Object.assign(newId, { follow });
}

// Random numbers are drawn a batch at a time: a draw costs more than the rest of making an id.
const randomBatch = new BigUint64Array(256);
let randomLeft = 0;

/** 60 random bits, leaving room to count up within a millisecond. */
function randomBits60(): bigint {
  if (randomLeft === 0) {
    globalThis.crypto.getRandomValues(randomBatch);
    randomLeft = randomBatch.length;
  }
  return randomBatch[--randomLeft]! >> 4n;
}

function encode(value: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

function decode(text: string): bigint {
  let value = 0n;
  for (const character of text) value = (value << 5n) | BigInt(Math.max(0, ALPHABET.indexOf(character)));
  return value;
}
