// Scopes on the OAuth endpoints (spec 5.2): a space-separated list that must stay within what the
// app declares (at authorize) or what was granted (on refresh: it may only narrow). `X:write`
// includes `X:read` (spec 5.1), so asking for `leads:read` under `leads:write` is a narrowing.
import { grants } from '../auth/scopes.ts';

/** The scopes a `scope` parameter names, in order and without repeats; empty when none are named. */
export function parseScopes(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(' ').filter((scope) => scope !== ''))];
}

/** The first scope of `asked` that `held` does not cover, if any. */
export function scopeOutside(asked: readonly string[], held: readonly string[]): string | undefined {
  return asked.find((scope) => !grants(held, scope));
}

export function sameScopes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((scope) => b.includes(scope));
}
