// Scope rules of spec 5.1: a credential holds named scopes; `X:write` includes `X:read`.

export function grants(held: readonly string[], needed: string): boolean {
  if (held.includes(needed)) return true;
  const [area, action] = needed.split(':');
  return action === 'read' && held.includes(`${area}:write`);
}

/** The first scope of `needed` that `held` lacks, if any. */
export function firstMissing(held: readonly string[], needed: readonly string[]): string | undefined {
  return needed.find((scope) => !grants(held, scope));
}
