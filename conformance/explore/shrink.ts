// Delta debugging over a sequence (Zeller's ddmin, on steps): cuts chunks of steps, keeps a cut
// when the rest still shows the same divergence, until no chunk can go. A step whose reference
// names a cut step goes with it (its request cannot be made), so every candidate is a sequence
// that can run. Each candidate is replayed from scratch (`diverges`), within `maxReplays`.
import { dependenciesOf, type Step } from './step.ts';

export type Shrunk = { steps: Step[]; replays: number };

export async function shrink(steps: Step[], diverges: (candidate: Step[]) => Promise<boolean>, maxReplays: number): Promise<Shrunk> {
  let current = steps;
  let replays = 0;
  // First the diverging step (the last) with only the steps it takes references from: often all it needs.
  const needed = neededBy(steps);
  if (needed.length < steps.length && replays < maxReplays) {
    replays++;
    if (await diverges(needed)) current = needed;
  }
  let chunks = 2;
  while (current.length > 1 && replays < maxReplays) {
    const size = Math.ceil(current.length / chunks);
    let cut = false;
    for (let start = 0; start < current.length && replays < maxReplays; start += size) {
      const candidate = closed(current.filter((_, index) => index < start || index >= start + size));
      if (!candidate.length || candidate.length >= current.length) continue;
      replays++;
      if (await diverges(candidate)) {
        current = candidate;
        chunks = Math.max(chunks - 1, 2);
        cut = true;
        break;
      }
    }
    if (!cut) {
      if (size <= 1) break;
      chunks = Math.min(chunks * 2, current.length);
    }
  }
  return { steps: current, replays };
}

/** The last step and the steps it takes references from, directly or through others. */
function neededBy(steps: Step[]): Step[] {
  const last = steps.at(-1);
  if (!last) return steps;
  const wanted = new Set([last.id]);
  for (const step of [...steps].reverse()) if (wanted.has(step.id)) for (const id of dependenciesOf(step)) wanted.add(id);
  return steps.filter((step) => wanted.has(step.id));
}

/** The steps whose references all name steps that are kept. */
export function closed(steps: Step[]): Step[] {
  let kept = steps;
  for (;;) {
    const ids = new Set(kept.map((step) => step.id));
    const next = kept.filter((step) => dependenciesOf(step).every((id) => ids.has(id)));
    if (next.length === kept.length) return kept;
    kept = next;
  }
}
