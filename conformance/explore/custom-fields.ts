// Custom fields for the run's records (spec 2.11), where the explorer can make them on both sides:
// the field routes are first-party only (4.9: an API key cannot make one), so they are added
// through the control API, on a mock target (its workspace, once a run) and on every oracle
// workspace; against a deployment the run sends no `custom`. The same few fields of each type
// whose value the value table fixes, on every entity that has fields; values are valid mostly, and
// now and then one the table refuses (a date no calendar has, a checkbox as text): 422 under
// `custom.<key>`, never stored another way.
import type { Coverage } from './coverage.ts';
import type { Prng } from './prng.ts';

const ENTITIES = ['lead', 'contact', 'company', 'product'] as const;
const FIELDS = [
  { key: 'x_date', type: 'date' },
  { key: 'x_checkbox', type: 'checkbox' },
  { key: 'x_number', type: 'number' },
  { key: 'x_text', type: 'text' },
] as const;

/** Adds the fields to a workspace through a control API's `POST /_mock/workspaces/{ws}/fields`. */
export async function addCustomFields(post: (path: string, body: unknown) => Promise<unknown>, workspaceId: string): Promise<void> {
  for (const entity of ENTITIES) {
    for (const field of FIELDS)
      await post(`/_mock/workspaces/${encodeURIComponent(workspaceId)}/fields`, {
        entity,
        key: field.key,
        label: field.key,
        type: field.type,
      });
  }
}

/** A `custom` object of one or two of the fields: each value valid, or (one in five) one the value table refuses. */
export function customValue(prng: Prng, coverage: Coverage): Record<string, unknown> {
  const chosen = [...new Set([coverage.least(FIELDS, (field) => `custom ${field.key}`), ...prng.some(FIELDS)])].slice(0, 2);
  return Object.fromEntries(chosen.map((field) => [field.key, valueOf(field.type, prng, coverage)]));
}

function valueOf(type: (typeof FIELDS)[number]['type'], prng: Prng, coverage: Coverage): unknown {
  const refused = prng.chance(0.2);
  switch (type) {
    case 'date': {
      const [month, day] = refused
        ? coverage.least(
            [
              [2, 30],
              [4, 31],
              [13, 1],
            ],
            ([m, d]) => `date ${m}-${d}`,
          )
        : [1 + prng.int(12), 1 + prng.int(28)];
      return `2027-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
    case 'checkbox':
      return refused ? coverage.least(['true', 'false', 1], (value) => `checkbox ${String(value)}`) : prng.chance(0.5);
    case 'number':
      return refused ? 'twelve' : prng.pick([0, 12, 12.5, 1000]);
    case 'text':
      return refused ? 12345 : `text ${prng.int(1000)}`;
  }
}
