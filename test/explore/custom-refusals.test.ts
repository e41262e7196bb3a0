// The custom values the explorer refuses (conformance/explore/custom-fields.ts): one rotation per
// route, shared by the changes that refuse one value beside valid ones and the wrong-type move that
// sends a refused value alone, so that each route that takes `custom` meets every field's refusal
// (spec 2.11's value table) and not only the routes that happen to draw them.
import { describe, expect, it } from 'vitest';
import { CONVERSATION_REFS } from '../../conformance/explore/conversations.ts';
import { generateSequence } from '../../conformance/explore/sequence.ts';
import type { Step } from '../../conformance/explore/step.ts';

/** As a run against a mock generates them (explore.ts): custom fields, conversations, a receiver for webhooks; the hunt's 2000 calls. */
function sequenceOf(seed: number): Step[] {
  const options = { custom: true, conversations: CONVERSATION_REFS, webhookUrl: 'http://127.0.0.1:9/receiver' };
  if (!generated.has(seed)) generated.set(seed, generateSequence(seed, 2000, 'm', options));
  return generated.get(seed)!;
}
const generated = new Map<number, Step[]>();

const UPDATES = ['updateLead', 'updateContact', 'updateCompany', 'updateProduct'];
const SEEDS = [1, 2, 3, 4, 5];

/** A YYYY-MM-DD a calendar has (no 30 February, no 13th month). */
function calendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** Whether spec 2.11's table refuses the value for the explorer's field (x_<type>): a real calendar date, a boolean, a number, a string. */
function refused(key: string, value: unknown): boolean {
  switch (key) {
    case 'x_date':
      return typeof value !== 'string' || !calendarDate(value);
    case 'x_checkbox':
      return typeof value !== 'boolean';
    case 'x_number':
      return typeof value !== 'number';
    default:
      return typeof value !== 'string';
  }
}

/** The refused custom values a route is sent over a sequence, in order, as [key, value]. */
function refusalsOn(seed: number, route: string): [string, unknown][] {
  return sequenceOf(seed)
    .filter((step) => step.operationId === route)
    .flatMap((step) => Object.entries((step.body?.custom as Record<string, unknown> | undefined) ?? {}))
    .filter(([key, value]) => refused(key, value));
}

/** The list cut into runs of `size`, the last perhaps shorter. */
const runsOf = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

describe('refused custom values, in turn per route', () => {
  it.each(UPDATES)('%s: each run of four refusals names the four fields, each once', (route) => {
    for (const seed of SEEDS) {
      const keys = refusalsOn(seed, route).map(([key]) => key);
      expect(keys.length, `seed ${seed}`).toBeGreaterThan(0);
      for (const run of runsOf(keys, 4)) expect(new Set(run).size, `seed ${seed}: ${keys.join(' ')}`).toBe(run.length);
    }
  });

  it.each(UPDATES)('%s: each run of three refused checkboxes sends three values', (route) => {
    for (const seed of SEEDS) {
      const values = refusalsOn(seed, route).flatMap(([key, value]) => (key === 'x_checkbox' ? [value] : []));
      for (const run of runsOf(values, 3)) expect(new Set(run).size, `seed ${seed}: ${values.join(' ')}`).toBe(run.length);
    }
  });

  // hunt-custom-checkbox-string-taken (a checkbox sent as "true" or "false" taken by updateLead and updateContact) was missed for
  // this: the refused values rotated over all routes at once, and these two routes' few refusals were seldom a checkbox as text.
  it.each(['updateLead', 'updateContact'])('%s gets a checkbox sent as text in the first five seeds', (route) => {
    const asText = SEEDS.filter((seed) =>
      refusalsOn(seed, route).some(([key, value]) => key === 'x_checkbox' && typeof value === 'string'),
    );
    expect(asText.length).toBeGreaterThan(0);
  });
});
