// Which events a webhook subscribes to (spec 4.11, 6.4): an event name, a group such as `lead.*`,
// or `*`. A group or `*` also matches types that are not in the catalog yet (spec 6.3).
export function patternMatches(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

export function subscribesTo(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => patternMatches(pattern, type));
}
