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

/** The bodies of the control API's `POST /_mock/workspaces/{ws}/fields` that make the fields (a story's `setup.fields` too). */
export const CUSTOM_FIELD_BODIES = ENTITIES.flatMap((entity) =>
  FIELDS.map((field) => ({ entity, key: field.key, label: field.key, type: field.type })),
);

/** Adds the fields to a workspace through a control API's `POST /_mock/workspaces/{ws}/fields`. */
export async function addCustomFields(post: (path: string, body: unknown) => Promise<unknown>, workspaceId: string): Promise<void> {
  for (const body of CUSTOM_FIELD_BODIES) await post(`/_mock/workspaces/${encodeURIComponent(workspaceId)}/fields`, body);
}

/**
 * A `custom` object of one or two of the fields for a route: each value valid, or on a change
 * (about one in three) one the value table refuses, the route's next refusal (nextRefusal) in
 * place of one of them, so that every change that takes `custom` meets every refusal (spec 2.11).
 * A create's are valid: a refused create makes no record, and every later step about it would be skipped.
 */
export function customValue(prng: Prng, coverage: Coverage, route: string, creates: boolean): Record<string, unknown> {
  const chosen = [...new Set([coverage.least(FIELDS, (field) => `${route} custom ${field.key}`), ...prng.some(FIELDS)])].slice(0, 2);
  const refusal = !creates && prng.chance(0.35) ? nextRefusal(coverage, route) : undefined;
  // The refused field where it was chosen, else in the place of the last one chosen.
  const fields = refusal && !chosen.includes(refusal.field) ? [...chosen.slice(0, -1), refusal.field] : chosen;
  return Object.fromEntries(fields.map((field) => [field.key, field === refusal?.field ? refusal.value : validValue(field.type, prng)]));
}

function validValue(type: Field['type'], prng: Prng): unknown {
  switch (type) {
    case 'date':
      return `2027-${String(1 + prng.int(12)).padStart(2, '0')}-${String(1 + prng.int(28)).padStart(2, '0')}`;
    case 'checkbox':
      return prng.chance(0.5);
    case 'number':
      return prng.pick([0, 12, 12.5, 1000]);
    case 'text':
      return `text ${prng.int(1000)}`;
  }
}

/** A value the table refuses for the type (a date no calendar has, a checkbox as text or a number, a number as text, a text as a number). */
const REFUSED: Record<Field['type'], unknown[]> = {
  date: ['2027-02-30', '2027-04-31', '2027-13-01'],
  checkbox: ['true', 'false', 1],
  number: ['twelve'],
  text: [12345],
};

type Field = (typeof FIELDS)[number];

/**
 * The refusal a route meets next, one rotation per route shared by both kinds of refused change
 * (customValue's, refusedCustom's): the field the route has had refused least, and of that type's
 * refused values the one it has been sent least; so the few changes of a route that refuse meet
 * each field and each of its values in turn (a checkbox as text on updateLead as on updateProduct).
 */
function nextRefusal(coverage: Coverage, route: string): { field: Field; value: unknown } {
  const field = coverage.least(FIELDS, (candidate) => `${route} refused ${candidate.key}`);
  const value = coverage.least(REFUSED[field.type], (candidate) => `${route} refused ${field.key} ${String(candidate)}`);
  return { field, value };
}

/** One field with a value its type refuses, the route's next refusal (nextRefusal): a change the value table must refuse whole (2.11). */
export function refusedCustom(coverage: Coverage, route: string): Record<string, unknown> {
  const { field, value } = nextRefusal(coverage, route);
  return { [field.key]: value };
}
