// An unknown field on every record-like object (one with an `id`) of the /v1 answers and of the
// event payloads, and on every successful /v1 answer: spec 9 lets new fields appear at any time.
// Not on the OAuth endpoints and public forms, which live outside /v1; not inside `custom`,
// whose keys are the workspace's field keys; not on a truncated event's `data.object`.
import { isObject, mapObjects, rewritingJsonAnswers } from './json-answers.ts';
import type { OtherReading } from './other-reading.ts';

/** The field this stand-in adds: named like no field of the spec. */
export const EXTRA_FIELD = 'shard_region';
const EXTRA_VALUE = 'uz-1';

/** Spec 6.1: a truncated event's `data.object` "has only `id`, `object` and `truncated: true`": it gets none. */
function withExtraFields(value: unknown): unknown {
  const extended = (object: Record<string, unknown>) => typeof object.id === 'string' && object.truncated !== true;
  return mapObjects(value, (object) => (extended(object) ? { ...object, [EXTRA_FIELD]: EXTRA_VALUE } : object), ['custom']);
}

export const extraFields: OtherReading = {
  name: 'extra-fields',
  description:
    `Objects with an \`id\` and every successful /v1 answer carry an unknown field \`${EXTRA_FIELD}\`, ` + 'in answers and event payloads.',
  leftOpenBy: 'Spec 9: "Within v1, new fields ... can appear at any time. Clients ignore unknown fields".',
  wrap: (next) =>
    rewritingJsonAnswers(next, (body, { path, status }) => {
      if (!path.startsWith('/v1/')) return undefined;
      const changed = withExtraFields(body);
      return status < 300 && isObject(changed) ? { ...changed, [EXTRA_FIELD]: EXTRA_VALUE } : changed;
    }),
  alterDelivered: withExtraFields,
};
