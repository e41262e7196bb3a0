// Spec 2.11 and 4.9: `GET /v1/fields` answers `{data: [field...]}`, each field with the fields of
// 2.11 (a `fd_` id, `entity` one of lead, contact, company, product, a `key`, a `label` keyed by
// locale, a `type` of the value table, `options`, an integer `position`, a boolean `required`, a
// `group`; select and multiselect fields list their options, each with an id), and `entity`
// keeps the fields of one entity. A workspace may have no custom fields:
// the shape rules are then judged on an empty list only by the envelope.
import type { ActiveCheck } from '../../check.ts';
import { firstProblem } from '../../kits/records-kit.ts';

const ENTITIES = ['lead', 'contact', 'company', 'product'] as const;
const TYPES = [
  'text',
  'long_text',
  'number',
  'money',
  'date',
  'datetime',
  'select',
  'multiselect',
  'checkbox',
  'phone',
  'email',
  'url',
  'member',
  'rating',
];

export const fieldList: ActiveCheck = {
  kind: 'active',
  id: 'fields.field-list',
  area: 'fields',
  title: 'GET /v1/fields lists custom fields with the fields of 2.11, and entity keeps one entity',
  spec: '2.11, 4.9',
  basis: 'documented',
  writes: false,
  async run(context) {
    const all = await context.client.call('listFields');
    context.expectStatus(all, 200);
    const fields: any[] = Array.isArray(all.json?.data) ? all.json.data : [];
    context.judge('fields.list-envelope', Array.isArray(all.json?.data) ? undefined : 'the answer has no data list', all);
    const broken = fields.map((field) => ({ field, problem: shapeProblem(field) })).find((entry) => entry.problem);
    context.judge('fields.fields', broken && `field ${broken.field.key ?? broken.field.id}: ${broken.problem}`, all);
    const badEntity = fields.find((field) => !ENTITIES.includes(field.entity));
    context.judge('fields.entity-values', badEntity && `field ${badEntity.key} has entity ${badEntity.entity}`, all);
    const badType = fields.find((field) => !TYPES.includes(field.type));
    context.judge('fields.type-values', badType && `field ${badType.key} has type ${badType.type}`, all);
    const selects = fields.filter((field) => field.type === 'select' || field.type === 'multiselect');
    const optionless = selects.find(
      (field) =>
        !Array.isArray(field.options) ||
        !field.options.length ||
        !field.options.every((option: { id?: unknown }) => typeof option?.id === 'string' && option.id),
    );
    if (selects.length)
      context.judge(
        'fields.select-options',
        optionless &&
          `${optionless.type} field ${optionless.key} has options ${JSON.stringify(optionless.options)}, not a list of options with ids`,
        all,
      );

    const problems: string[] = [];
    for (const entity of ENTITIES) {
      const filtered = await context.client.call('listFields', { query: { entity } });
      const data: any[] = filtered.status === 200 && Array.isArray(filtered.json?.data) ? filtered.json.data : [];
      const expected = fields
        .filter((field) => field.entity === entity)
        .map((field) => field.id)
        .sort();
      const actual = data.map((field) => field.id).sort();
      if (filtered.status !== 200) problems.push(`entity=${entity} answered ${filtered.status}`);
      else if (JSON.stringify(actual) !== JSON.stringify(expected))
        problems.push(
          `entity=${entity} lists ${actual.length} fields (entities ${[...new Set(data.map((field) => field.entity))].join(', ')}), not its ${expected.length}`,
        );
    }
    context.judge('fields.entity-filter', problems[0], all);
  },
};

function shapeProblem(field: any): string | undefined {
  const label = field.label;
  return firstProblem(
    !/^fd_[0-9a-z]{26}$/.test(field.id) && `id ${field.id} is not fd_ and 26 letters or digits`,
    (typeof field.key !== 'string' || !field.key) && 'key is not a string',
    (typeof label !== 'object' ||
      label === null ||
      Array.isArray(label) ||
      !Object.values(label).every((text) => typeof text === 'string')) &&
      `label ${JSON.stringify(label)} is not an object of locale to text`,
    !Array.isArray(field.options) && 'options is not an array',
    !Number.isInteger(field.position) && `position ${field.position} is not an integer`,
    typeof field.required !== 'boolean' && 'required is not a boolean',
    typeof field.group !== 'string' && 'group is not a string',
  );
}
