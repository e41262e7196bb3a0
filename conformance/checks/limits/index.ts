// The limits family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { concurrencyLimited } from './concurrency-limited.ts';
import { rateLimited } from './rate-limited.ts';
import { readOnly } from './read-only.ts';

export const limitsChecks: Check[] = [readOnly, rateLimited, concurrencyLimited];
