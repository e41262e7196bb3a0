// "Did you mean ...?": the names closest to a mistyped one (an operation id of a failure rule, a
// command-line option), by edit distance, for error messages that help a new user on.

/** Up to `max` of `names` within a few edits of `given` (case ignored), closest first. */
export function closeNames(given: string, names: Iterable<string>, max = 3): string[] {
  const wanted = given.toLowerCase();
  // A third of the name's length in edits, at least 2: `createLeed` finds `createLead`, `x` finds nothing far.
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return [...new Set(names)]
    .map((name) => ({ name, distance: editDistance(wanted, name.toLowerCase()) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, max)
    .map(({ name }) => name);
}

/** "did you mean a, b or c?", or '' when nothing is close. */
export function didYouMean(given: string, names: Iterable<string>, show: (name: string) => string = (name) => name): string {
  const close = closeNames(given, names).map(show);
  if (close.length === 0) return '';
  const listed = close.length === 1 ? close[0]! : `${close.slice(0, -1).join(', ')} or ${close.at(-1)}`;
  return `did you mean ${listed}?`;
}

/** Levenshtein distance: insertions, deletions and substitutions of one character. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
