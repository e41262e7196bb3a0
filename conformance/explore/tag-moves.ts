// The tags' merge (spec 4.4): one of the run's tags merged into another, most often two one record
// carries both of, then the tags listed.
import type { Generation, Made } from './generation.ts';
import { list } from './list-moves.ts';
import { create } from './record-moves.ts';
import { resourceNamed } from './resources.ts';
import type { Step } from './step.ts';

/** One of the run's tags merged into another (4.4: the records get the target, no duplicate; the tag is deleted), then the tags listed. */
export function mergeTags(g: Generation, id: number): Step {
  const tags = g.made.filter((made) => made.resource === 'tag' && !made.deleted);
  if (tags.length < 2) return create(g, id, resourceNamed('tag'));
  // Most often two tags one record carries both of (4.4: the record keeps the target once), else any two.
  const together = tagsTogether(g, tags);
  const [merged, into] = together && g.prng.chance(0.7) ? together : [g.prng.pick(tags), g.prng.pick(tags)];
  if (merged === into) return list(g, id, resourceNamed('tag'));
  merged.deleted = true;
  g.followUps.unshift((next) => list(g, next, resourceNamed('tag')));
  return {
    id,
    operationId: 'mergeTag',
    params: { id: { ref: merged.ref } },
    query: {},
    body: { into: { ref: into.ref } },
    variant: 'valid',
  };
}

/** Two of `tags` that one of the run's records carries both of (as it was made or last changed), if any. */
export function tagsTogether(g: Generation, tags: Made[]): [Made, Made] | undefined {
  const named = (made: Made, name: unknown) => typeof name === 'string' && made.tagName?.toLowerCase() === name.toLowerCase();
  const pairs = g.made.flatMap((record) => {
    const carried = Array.isArray(record.body.tags) ? record.body.tags : [];
    const both = tags.filter((tag) => carried.some((name) => named(tag, name)));
    return both.length >= 2 ? [[both[0]!, both[1]!] as [Made, Made]] : [];
  });
  return pairs.length ? g.prng.pick(pairs) : undefined;
}
