// Demo values for the workspace's custom fields of one kind of record, one of every type the
// field has (spec 2.11), left empty now and then as real data is.
import type { Faker } from '@faker-js/faker';
import type { CustomEntity } from '../resources/fields/custom-values.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { uzbekMobile } from './uzbek-people.ts';

type Field = { key: string; type: string; options: { id: string }[] };

export function demoCustomValues(faker: Faker, workspace: Workspace, entity: CustomEntity): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of workspace.tables.fields.findBy('entity', entity) as Field[]) {
    if (faker.datatype.boolean(0.3)) continue;
    values[field.key] = demoValue(faker, workspace, field);
  }
  return values;
}

function demoValue(faker: Faker, workspace: Workspace, field: Field): unknown {
  const day = () => faker.date.soon({ days: 60 });
  switch (field.type) {
    case 'text':
      return faker.lorem.words(2);
    case 'long_text':
      return faker.lorem.sentence();
    case 'number':
      return faker.number.int({ min: 1, max: 500 });
    case 'money':
      return { amount: faker.number.int({ min: 1, max: 900 }) * 1_000_000, currency: 'UZS' };
    case 'date':
      return day().toISOString().slice(0, 10);
    case 'datetime':
      return day().toISOString();
    case 'select':
      return faker.helpers.arrayElement(field.options).id;
    case 'multiselect':
      return faker.helpers.arrayElements(field.options, { min: 1, max: 2 }).map((option) => option.id);
    case 'checkbox':
      return faker.datatype.boolean();
    case 'phone':
      return uzbekMobile(faker);
    case 'email':
      return faker.internet.email().toLowerCase();
    case 'url':
      return `https://${faker.internet.domainName()}/`;
    case 'member':
      return faker.helpers.arrayElement([...workspace.members.keys()]);
    case 'rating':
      return faker.number.int({ min: 1, max: 5 });
    default:
      throw new Error(`no demo value for a custom field of type ${field.type}`);
  }
}
