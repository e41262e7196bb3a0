// The contact custom fields the custom-value check writes to, one per value type of spec 2.11,
// plus a required one. On a crmkit mock they are made for the run through the first-party field
// routes with an owner's web app session (control API) and deleted at the end; against a
// deployment the workspace's own contact fields are used (`GET /v1/fields?entity=contact`), and
// types it has no field of are not judged.
import type { CheckContext } from '../../context.ts';
import { mockSession } from '../../kits/records-kit.ts';

export const VALUE_TYPES = [
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
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export type Field = { id: string; key: string; type: ValueType; required: boolean; options: { id: string }[] };
export type ContactFields = { byType: Map<ValueType, Field>; required: Field | undefined; memberId: string | undefined };

export async function contactFields(context: CheckContext): Promise<ContactFields> {
  if (context.target.mock) return fieldsOfRun(context);
  const fieldList = await context.client.call('listFields', { query: { entity: 'contact' } });
  if (fieldList.status !== 200) context.skip(`GET /v1/fields?entity=contact answered ${fieldList.status}`);
  const fields: Field[] = fieldList.json.data;
  const byType = new Map<ValueType, Field>();
  for (const field of fields) if (!field.required && !byType.has(field.type)) byType.set(field.type, field);
  const members = await context.client.call('listMembers');
  // A members answer without its {data} list fails members.list-envelope, not every value rule here.
  const listed: { status: string; id: string }[] = members.status === 200 && Array.isArray(members.json?.data) ? members.json.data : [];
  const memberId = listed.find((member) => member.status === 'active')?.id;
  return { byType, required: fields.find((field) => field.required && VALUE_TYPES.includes(field.type)), memberId };
}

async function fieldsOfRun(context: CheckContext): Promise<ContactFields> {
  const session = await mockSession(context, 'owner');
  const prefix = `conf_${context.runId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(-10)}${Math.random().toString(36).slice(2, 6)}`;
  // 101 options, so that the multiselect limit (100 values, spec 8) can be tried with distinct ids.
  const options = Array.from({ length: 101 }, (_, index) => ({ label: `Option ${index + 1}` }));
  const create = async (type: ValueType, required: boolean): Promise<Field> => {
    const body = {
      entity: 'contact' as const,
      key: `${prefix}_${type}${required ? '_required' : ''}`,
      label: `Conformance ${type}`,
      type,
      required,
      ...(type.endsWith('select') ? { options } : {}),
    };
    const created = await context.client.call('createField', { key: null, headers: { cookie: session.cookie }, body });
    if (created.status !== 201) context.fail(`the owner's session could not create a ${type} field: ${created.status}`, created);
    context.cleanup(() =>
      context.client.call('deleteField', { path: { id: created.json.id }, key: null, headers: { cookie: session.cookie } }),
    );
    return created.json;
  };
  const byType = new Map<ValueType, Field>();
  for (const type of VALUE_TYPES) byType.set(type, await create(type, false));
  return { byType, required: await create('text', true), memberId: session.memberId };
}
