// Paths into values, as scenarios write them in `${...}` and in captures: `lead.id`,
// `body.data[0].name`, `pipeline.stages[type=won].id` (the first item whose `type` is `won`),
// `error.fields["action.tags"]` (a key with a dot in it).
export type Segment = { key: string } | { index: number } | { where: string; equals: string };

const SEGMENT = /\.?([^.[\]]+)|\[(\d+)\]|\["([^"]*)"\]|\[([^=\]]+)=([^\]]*)\]/y;

export function parsePath(text: string): Segment[] {
  const segments: Segment[] = [];
  SEGMENT.lastIndex = 0;
  while (SEGMENT.lastIndex < text.length) {
    const at = SEGMENT.lastIndex;
    const match = SEGMENT.exec(text);
    if (!match) throw new Error(`cannot read the path "${text}" at "${text.slice(at)}"`);
    const [, key, index, quoted, where, equals] = match;
    if (key !== undefined) segments.push({ key });
    else if (index !== undefined) segments.push({ index: Number(index) });
    else if (quoted !== undefined) segments.push({ key: quoted });
    else segments.push({ where: where!.trim(), equals: equals!.trim() });
  }
  return segments;
}

export type Found = { found: true; value: unknown } | { found: false; missing: string };

/** Follows the path; when a segment leads nowhere, says which. */
export function follow(value: unknown, segments: Segment[]): Found {
  let current = value;
  for (const [position, segment] of segments.entries()) {
    const next = step(current, segment);
    if (next === NOTHING) return { found: false, missing: formatPath(segments.slice(0, position + 1)) };
    current = next;
  }
  return { found: true, value: current };
}

const NOTHING = Symbol('nothing');

function step(value: unknown, segment: Segment): unknown {
  if ('index' in segment) return Array.isArray(value) && segment.index < value.length ? value[segment.index] : NOTHING;
  if ('where' in segment) {
    if (!Array.isArray(value)) return NOTHING;
    const item = value.find((candidate) => isRecord(candidate) && String(candidate[segment.where]) === segment.equals);
    return item === undefined ? NOTHING : item;
  }
  return isRecord(value) && Object.hasOwn(value, segment.key) ? value[segment.key] : NOTHING;
}

export function formatPath(segments: Segment[]): string {
  return segments
    .map((segment) =>
      'index' in segment
        ? `[${segment.index}]`
        : 'where' in segment
          ? `[${segment.where}=${segment.equals}]`
          : /^[\w-]+$/.test(segment.key)
            ? `.${segment.key}`
            : `["${segment.key}"]`,
    )
    .join('')
    .replace(/^\./, '');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
