// Custom fields (spec 2.11, 4.9): the value rules every record shares, proven directly against
// `customValuesFor` in a real mock workspace, and the fields routes through the pipeline.
import { beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/auth/authenticate.ts';
import { ApiError } from '../../src/errors/api-error.ts';
import type { Handler, HandlerContext } from '../../src/http/handler.ts';
import { normalizePhone } from '../../src/records/phones-and-emails.ts';
import { customValuesFor, type Custom, type CustomEntity } from '../../src/resources/fields/custom-values.ts';
import type { CustomField } from '../../src/resources/fields/field-record.ts';
import { fieldsHandlers } from '../../src/resources/fields/handlers.ts';
import { recordContext, type RecordContext } from '../../src/resources/records/record-context.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { indexOperations } from '../../src/spec/operation-index.ts';
import { Table } from '../../src/store/table.ts';
import { BASE, call, setUpMock, type Setup } from '../support/mock-client.ts';

const operations = indexOperations(loadDocument('crm'));
const FIELD_TYPES = (loadDocument('crm').components!.schemas!.CustomFieldType as { enum: string[] }).enum;

let setup: Setup;
let context: RecordContext;
beforeAll(async () => {
  setup = await setUpMock();
  context = recordContext(handlerContext(setup, 'listFields', {}));
});

/** What the pipeline hands a handler, for a request of the workspace's owner key. */
function handlerContext(
  of: Setup,
  operationId: string,
  input: { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown },
): HandlerContext {
  const state = of.mock.state;
  const request = new Request(`${BASE}/v1/fields`, { headers: { Authorization: `Bearer ${of.key}` } });
  const caller = authenticate(request, operations.get('listFields')!, state.findCredential, '127.0.0.1');
  const operation = operations.get(operationId)!;
  return {
    request,
    requestId: 'req_test',
    operation,
    input: { path: input.path ?? {}, query: input.query ?? {}, body: input.body },
    caller,
    state,
  };
}

/** The `fields` of the validation_failed that applying `sent` throws, or the values it keeps. */
function apply(
  entity: CustomEntity,
  current: Custom,
  sent: Record<string, unknown>,
  on: RecordContext = context,
): { custom?: Custom; fields?: Record<string, string> } {
  try {
    return { custom: customValuesFor(on, entity, current, sent) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'validation_failed') throw error;
    return { fields: error.extras.fields as Record<string, string> };
  }
}

function expectAccepted(entity: CustomEntity, key: string, sent: unknown, stored: unknown = sent): void {
  expect(apply(entity, {}, { [key]: sent })).toEqual({ custom: { [key]: stored } });
}

function expectRefused(entity: CustomEntity, key: string, sent: unknown): void {
  expect(apply(entity, {}, { [key]: sent }).fields, `${key}: ${JSON.stringify(sent)}`).toHaveProperty([`custom.${key}`]);
}

function fieldOf(entity: CustomEntity, key: string): CustomField {
  return context.tables.fields.firstBy('entityKey', `${entity}:${key}`)!;
}

describe('custom keys', () => {
  it('an unknown custom key answers validation_failed under custom.<key>', () => {
    expect(apply('lead', {}, { no_such_field: 'x' }).fields).toEqual({ 'custom.no_such_field': expect.any(String) });
  });

  it("a key of another entity's field is unknown on this entity", () => {
    expectAccepted('contact', 'tax_id', '123456789');
    expectRefused('lead', 'tax_id', '123456789');
  });

  it('every unknown key and bad value is named at once, and nothing is kept', () => {
    const result = apply('lead', {}, { quality: 9, urgent: 'yes', comment: 'fine', nope: 1 });
    expect(result.custom).toBeUndefined();
    expect(Object.keys(result.fields!).sort()).toEqual(['custom.nope', 'custom.quality', 'custom.urgent']);
  });

  it('null clears a value and only sent keys change', () => {
    const current = { comment: 'keep me', quality: 3, urgent: true };
    expect(apply('lead', current, { quality: null, urgent: false })).toEqual({ custom: { comment: 'keep me', urgent: false } });
    expect(apply('lead', current, {})).toEqual({ custom: current });
    expect(current).toEqual({ comment: 'keep me', quality: 3, urgent: true });
  });

  it('null on a key without a value changes nothing', () => {
    expect(apply('lead', { comment: 'a' }, { quality: null })).toEqual({ custom: { comment: 'a' } });
  });
});

describe('required fields', () => {
  it('a required field cannot be cleared', () => {
    expect(fieldOf('lead', 'budget').required).toBe(true);
    const current = { budget: { amount: 100, currency: 'UZS' } };
    expect(apply('lead', current, { budget: null }).fields).toEqual({ 'custom.budget': expect.any(String) });
  });

  it('a required field cannot be emptied with an empty string or list', async () => {
    const text = await addField(setup, { entity: 'contact', key: 'required_note', type: 'text', required: true });
    const list = await addField(setup, {
      entity: 'contact',
      key: 'required_tags',
      type: 'multiselect',
      required: true,
      options: [{ id: 'opt_a', label: 'A' }],
    });
    expectRefused('contact', text.key, '  ');
    expectRefused('contact', list.key, []);
    expectAccepted('contact', list.key, ['opt_a']);
  });

  it('a required field may be left out when a record is created', () => {
    expect(apply('lead', {}, { comment: 'no budget yet' })).toEqual({ custom: { comment: 'no budget yet' } });
  });
});

describe('values by type', () => {
  it('the starter fields of a new workspace cover every field type', () => {
    const types = new Set([...context.tables.fields.values()].map((field) => field.type));
    expect([...types].sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('text and long_text take strings only', () => {
    expectAccepted('contact', 'tax_id', '305 123 456');
    expectAccepted('lead', 'comment', 'Call after 6 pm\nsecond line');
    expectRefused('contact', 'tax_id', 305123456);
    expectRefused('lead', 'comment', ['x']);
  });

  it('number takes numbers only', () => {
    expectAccepted('contact', 'loyalty_points', 12.5);
    expectAccepted('contact', 'loyalty_points', -3);
    expectRefused('contact', 'loyalty_points', '12');
    expectRefused('contact', 'loyalty_points', true);
  });

  it('money defaults its currency to UZS, not to the workspace currency', async () => {
    const usd = await setUpMock();
    const created = await call(usd.mock, 'POST', '/_mock/workspaces', { body: { currency: 'USD' } });
    const inUsd = recordContext(handlerContext({ ...usd, key: created.body.api_key }, 'listFields', {}));
    expect(inUsd.workspace.currency).toBe('USD');
    expect(apply('lead', {}, { budget: { amount: 1_500_000 } }, inUsd)).toEqual({
      custom: { budget: { amount: 1_500_000, currency: 'UZS' } },
    });
    expectAccepted('lead', 'budget', { amount: 999, currency: 'EUR' });
  });

  it('money amounts are integers of the smallest unit, 0 or more, with a three-letter currency and nothing else', () => {
    expectAccepted('lead', 'budget', { amount: 0, currency: 'UZS' });
    for (const bad of [
      1500,
      '1500',
      { amount: 10.5 },
      { amount: '10' },
      { amount: -1 },
      { amount: 1, currency: 'uzs' },
      { amount: 1, note: 'x' },
      { currency: 'UZS' },
    ]) {
      expectRefused('lead', 'budget', bad);
    }
  });

  it('date takes a real day written YYYY-MM-DD', () => {
    expectAccepted('contact', 'birthday', '1990-02-28');
    for (const bad of ['1990-02-30', '28.02.1990', '1990-2-8', '1990-02-28T00:00:00Z', 19900228]) expectRefused('contact', 'birthday', bad);
  });

  it('datetime values are stored in UTC', () => {
    expectAccepted('lead', 'callback_at', '2026-12-01T14:00:00+05:00', '2026-12-01T09:00:00.000Z');
    expectAccepted('lead', 'callback_at', '2026-12-01T09:00:00.5Z', '2026-12-01T09:00:00.500Z');
    expectAccepted('lead', 'callback_at', '2026-12-01t04:00:00-05:00', '2026-12-01T09:00:00.000Z');
  });

  it('a datetime without an offset or on a day that does not exist is refused', () => {
    for (const bad of ['2026-12-01T14:00:00', '2026-02-30T10:00:00Z', '2026-12-01', 1764579600000])
      expectRefused('lead', 'callback_at', bad);
  });

  it("select takes only the id of one of the field's options", () => {
    expectAccepted('lead', 'delivery_type', 'opt_express');
    for (const bad of ['opt_morning', 'Express', ['opt_express'], '']) expectRefused('lead', 'delivery_type', bad);
  });

  it("multiselect takes only ids of the field's options, each once", () => {
    expectAccepted('lead', 'services', ['opt_warranty', 'opt_installation', 'opt_warranty'], ['opt_warranty', 'opt_installation']);
    expectAccepted('lead', 'services', []);
    expectRefused('lead', 'services', ['opt_warranty', 'opt_express']);
    expectRefused('lead', 'services', 'opt_warranty');
  });

  it('multiselect accepts at most 100 option ids', async () => {
    const options = Array.from({ length: 101 }, (_, i) => ({ id: `opt_${i}`, label: `Option ${i}` }));
    const field = await addField(setup, { entity: 'lead', key: 'many_options', type: 'multiselect', options });
    const ids = options.map((option) => option.id);
    expectAccepted('lead', field.key, ids.slice(0, 100));
    expectRefused('lead', field.key, ids);
  });

  it('checkbox takes true or false only', () => {
    expectAccepted('lead', 'urgent', true);
    expectAccepted('lead', 'urgent', false);
    for (const bad of ['true', 1, 0]) expectRefused('lead', 'urgent', bad);
  });

  it('phone values are normalized like contact phones', () => {
    const sent = '+998 (90) 123-45-67';
    expect(normalizePhone(sent)).toBe('+998901234567');
    expectAccepted('contact', 'work_phone', sent, normalizePhone(sent));
    for (const bad of ['call me', 998901234567, '']) expectRefused('contact', 'work_phone', bad);
  });

  it('email values are lowercased', () => {
    expectAccepted('contact', 'work_email', 'Buyer@Example.UZ', 'buyer@example.uz');
    for (const bad of ['buyer', 'buyer@', 42]) expectRefused('contact', 'work_email', bad);
  });

  it('url takes an absolute URL', () => {
    expectAccepted('lead', 'website', 'https://acme.uz/catalog?id=12');
    for (const bad of ['acme.uz', '/catalog', 12]) expectRefused('lead', 'website', bad);
  });

  it('member values must be members of the workspace, stored with the short prefix', async () => {
    const [member] = context.workspace.members.keys();
    expectAccepted('lead', 'account_manager', member);
    expectAccepted('lead', 'account_manager', member!.replace(/^mb_/, 'member_'), member);
    const other = await setUpMock();
    const [stranger] = [...other.mock.state.workspaces.values()][0]!.members.keys();
    for (const bad of [stranger, 'mb_x', 7]) expectRefused('lead', 'account_manager', bad);
  });

  it('rating outside 1 to 5 is refused', () => {
    for (const good of [1, 5]) expectAccepted('lead', 'quality', good);
    for (const bad of [0, 6, 3.5, '4']) expectRefused('lead', 'quality', bad);
  });
});

describe('GET /v1/fields', () => {
  it('answers every field of the workspace, with labels in uz-Latn, ru and en and option lists on select fields', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/fields', { key: setup.key });
    expect(answer.status).toBe(200);
    const starter = answer.body.data.filter((field: CustomField) =>
      ['budget', 'delivery_type', 'tax_id', 'preferred_time'].includes(field.key),
    );
    expect(starter).toHaveLength(4);
    for (const field of starter) expect(Object.keys(field.label).sort()).toEqual(['en', 'ru', 'uz-Latn']);
    const select = answer.body.data.find((field: CustomField) => field.key === 'delivery_type');
    expect(select.options.map((option: { id: string }) => option.id)).toContain('opt_express');
  });

  it('lists fields grouped by entity, in position order', async () => {
    const { data } = (await call(setup.mock, 'GET', '/v1/fields', { key: setup.key })).body;
    const entities = data.map((field: CustomField) => field.entity);
    expect(entities).toEqual(
      [...entities].sort(
        (a: string, b: string) =>
          ['lead', 'contact', 'company', 'product'].indexOf(a) - ['lead', 'contact', 'company', 'product'].indexOf(b),
      ),
    );
    const leadPositions = data.filter((field: CustomField) => field.entity === 'lead').map((field: CustomField) => field.position);
    expect(leadPositions).toEqual([...leadPositions].sort((a, b) => a - b));
  });

  it('entity filters the list to one kind of record', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/fields?entity=contact', { key: setup.key });
    expect(answer.body.data.length).toBeGreaterThan(0);
    expect(new Set(answer.body.data.map((field: CustomField) => field.entity))).toEqual(new Set(['contact']));
  });

  it('needs no scope', async () => {
    const key = await setup.newKey({ scopes: [] });
    const answer = await call(setup.mock, 'GET', '/v1/fields?entity=product', { key });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((field: CustomField) => field.key)).toContain('warranty_months');
  });
});

describe('creating, changing and deleting fields (first-party web app only)', () => {
  it('API keys are refused with forbidden first_party_only', async () => {
    const id = fieldOf('lead', 'comment').id;
    const attempts = [
      call(setup.mock, 'POST', '/v1/fields', { key: setup.key, body: { entity: 'lead', key: 'x', label: 'X', type: 'text' } }),
      call(setup.mock, 'PATCH', `/v1/fields/${id}`, { key: setup.key, body: { required: true } }),
      call(setup.mock, 'DELETE', `/v1/fields/${id}`, { key: setup.key }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toMatchObject({ code: 'forbidden', permission: 'first_party_only' });
    }
    expect(fieldOf('lead', 'comment').required).toBe(false);
  });

  it('create uses a plain label for every language, gives new options ids and places the field last', async () => {
    const before = Math.max(...context.tables.fields.findBy('entity', 'company').map((field) => field.position));
    const field = await addField(setup, {
      entity: 'company',
      key: 'industry',
      label: 'Industry',
      type: 'select',
      options: [{ label: 'Retail' }, { id: 'opt_it', label: { en: 'IT' } }],
    });
    expect(field).toMatchObject({
      entity: 'company',
      label: { 'uz-Latn': 'Industry', ru: 'Industry', en: 'Industry' },
      required: false,
      group: '',
      position: before + 1,
    });
    expect(field.id).toMatch(/^fd_[0-9a-z]{26}$/);
    expect(field.options[0]!.id).toMatch(/^opt_[0-9a-z]+$/);
    expect(field.options[1]).toEqual({ id: 'opt_it', label: { en: 'IT' } });
    expectAccepted('company', 'industry', field.options[0]!.id);
  });

  it('a key already used by a field of the same entity is refused under key', async () => {
    await expect(addField(setup, { entity: 'lead', key: 'budget', type: 'number' })).rejects.toMatchObject({
      code: 'validation_failed',
      extras: { fields: { key: expect.any(String) } },
    });
    await expect(addField(setup, { entity: 'product', key: 'budget', type: 'number' })).resolves.toMatchObject({ key: 'budget' });
  });

  it('only select and multiselect fields take options', async () => {
    await expect(addField(setup, { entity: 'lead', key: 'plain', type: 'text', options: [{ label: 'A' }] })).rejects.toMatchObject({
      extras: { fields: { options: expect.any(String) } },
    });
  });

  it('change applies only the fields sent; an unknown field id is not found', async () => {
    const field = await addField(setup, { entity: 'contact', key: 'nickname', label: 'Nickname', type: 'text', group: 'Personal' });
    const changed = await runHandler(setup, 'updateField', { path: { id: field.id.replace(/^fd_/, 'field_') }, body: { required: true } });
    expect(changed).toEqual({ ...field, required: true });
    await expect(
      runHandler(setup, 'updateField', { path: { id: `fd_${'0'.repeat(26)}` }, body: { required: true } }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('removing an option removes it from the values records hold', async () => {
    const field = await addField(setup, {
      entity: 'lead',
      key: 'colors',
      type: 'multiselect',
      options: [
        { id: 'opt_red', label: 'Red' },
        { id: 'opt_blue', label: 'Blue' },
      ],
    });
    const leads = await recordsTable([
      { id: 'r1', custom: { colors: ['opt_red', 'opt_blue'] } },
      { id: 'r2', custom: { colors: ['opt_red'], comment: 'x' } },
    ]);
    await runHandler(setup, 'updateField', { path: { id: field.id }, body: { options: [{ id: 'opt_blue', label: 'Blue' }] } }, { leads });
    expect(leads.get('r1')!.custom).toEqual({ colors: ['opt_blue'] });
    expect(leads.get('r2')!.custom).toEqual({ comment: 'x' });
    expectRefused('lead', 'colors', ['opt_red']);
  });

  it('delete answers {ok, id}, the key becomes unknown and records lose its values', async () => {
    const field = await addField(setup, { entity: 'lead', key: 'short_lived', type: 'checkbox' });
    const leads = await recordsTable([{ id: 'r1', custom: { short_lived: true, comment: 'stays' } }]);
    expect(await runHandler(setup, 'deleteField', { path: { id: field.id } }, { leads })).toEqual({ ok: true, id: field.id });
    expect(leads.get('r1')!.custom).toEqual({ comment: 'stays' });
    expectRefused('lead', 'short_lived', true);
    const listed = await call(setup.mock, 'GET', '/v1/fields?entity=lead', { key: setup.key });
    expect(listed.body.data.map((listedField: CustomField) => listedField.id)).not.toContain(field.id);
  });
});

/** Runs a fields handler as a first-party caller would reach it; answers the body. */
async function runHandler(
  of: Setup,
  operationId: keyof typeof fieldsHandlers,
  input: { path?: Record<string, string>; body?: unknown },
  tables: Record<string, unknown> = {},
): Promise<any> {
  const handlerInput = handlerContext(of, operationId, input);
  const workspace = handlerInput.caller!.workspace;
  // Record tables a test brings stand in for the workspace's own (leads live in another area).
  const caller = {
    ...handlerInput.caller!,
    workspace: { ...workspace, tables: { ...workspace.tables, ...tables } },
  } as typeof handlerInput.caller;
  // A test's input is built by hand, not by the pipeline's validation: the handler is called untyped.
  const result = await (fieldsHandlers[operationId] as Handler)({ ...handlerInput, caller });
  return (result as { body: unknown }).body;
}

async function addField(of: Setup, body: Record<string, unknown>): Promise<CustomField> {
  return runHandler(of, 'createField', { body: { label: { en: String(body.key) }, ...body } });
}

type RecordWithCustom = { id: string; custom: Custom };

/** A table of records with custom values, checked by no schema. */
async function recordsTable(records: RecordWithCustom[]): Promise<Table<RecordWithCustom>> {
  const table = new Table<RecordWithCustom>({
    schema: { '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value: value as RecordWithCustom }) } },
  });
  for (const record of records) await table.insert(record);
  return table;
}
