// Durations as stories write them: seconds as a number, or `90s`, `30m`, `2h`, `1d`, `1d 6h`.
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const PART = /(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)/g;

export function durationMs(value: number | string): number {
  if (typeof value === 'number') return value * 1000;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(PART)) total += Number(amount) * UNIT_MS[unit!]!;
  return total;
}

/** `1d 6h`, `30m`, `0s`: how a step line shows a move of the clock. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = ms;
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNIT_MS[unit]!;
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  if (rest > 0) parts.push(`${rest}ms`);
  return parts.join(' ') || '0s';
}
