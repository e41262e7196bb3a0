// The retry schedule of spec 6.3 and 8 as numbers: attempts at once, then 1 min, 5 min, 30 min,
// 2 h, 6 h after the event, then every 6 hours while within 24 hours of it.
import { describe, expect, it } from 'vitest';
import { ATTEMPT_OFFSETS_MS, nextAttemptAt } from '../../src/resources/webhooks/retry-schedule.ts';
import { newWebhookSecret } from '../../src/resources/webhooks/webhook-secret.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the retry schedule', () => {
  it('is at once, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 18 h and 24 h after the event', () => {
    expect(ATTEMPT_OFFSETS_MS).toEqual([0, MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 6 * HOUR, 12 * HOUR, 18 * HOUR, 24 * HOUR]);
  });

  it('after the attempt at 24 hours there is none', () => {
    expect(nextAttemptAt(1000, 1000 + 24 * HOUR)).toBeNull();
  });

  it('an attempt that ran late is followed by the next slot of the schedule, not by a slot already past', () => {
    expect(nextAttemptAt(0, 3 * HOUR)).toBe(6 * HOUR);
    expect(nextAttemptAt(0, 23 * HOUR)).toBe(24 * HOUR);
  });
});

describe('the signing secret', () => {
  it('is whsec_ followed by 43 base64url characters, new every time', () => {
    const secrets = new Set(Array.from({ length: 50 }, newWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});
