// The query endpoint (spec 4.13, limits of 8, codes of 7.3): groups and every operator on the
// field types it fits, custom fields, tag filters in `q`, sort, paging, `count`, the text echo,
// the limits (read from the document, as the mock reads them) and masking by role.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { newStoredLead } from '../../src/resources/leads/lead-record.ts';
import { call, envelopeProblems, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let workspace: any;
beforeAll(async () => {
  setup = await setUpMock();
});
beforeEach(async () => {
  // One mock, a fresh workspace per test, its clock frozen so that created_at is known.
  workspace = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  await setClock('2026-11-18T09:00:00Z');
});

const LIMITS = (loadDocument('crm').components!.schemas!.QueryRequest as any)['x-query-limits'] as Record<string, number>;
const key = () => workspace.api_key as string;
const wsId = () => workspace.workspace.id as string;
const pipeline = () => workspace.pipelines[0];

async function setClock(at: string) {
  await call(setup.mock, 'POST', `/_mock/workspaces/${wsId()}/clock`, { body: { freeze: true, set: at } });
}

async function lead(body: Record<string, unknown> = {}) {
  const answer = await call(setup.mock, 'POST', '/v1/leads', { key: key(), body });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function query(body: Record<string, unknown>, options: { key?: string; entity?: string } = {}) {
  return call(setup.mock, 'POST', `/v1/query/${options.entity ?? 'leads'}`, { key: options.key ?? key(), body });
}

/** The names of the matching leads, in answer order. */
async function names(body: Record<string, unknown>, options: { key?: string } = {}): Promise<string[]> {
  const answer = await query(body, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.map((record: any) => record.name);
}

const where = (...conditions: unknown[]) => ({ query: { op: 'and', conditions } });

async function expectError(body: Record<string, unknown>, code: string, options: { key?: string } = {}) {
  const answer = await query(body, options);
  expect([answer.status, answer.body.error?.code]).toEqual([422, code]);
  expect(envelopeProblems(answer.body)).toEqual([]);
  return answer.body.error;
}

async function viewerKey() {
  const answer = await call(setup.mock, 'POST', `/_mock/workspaces/${wsId()}/api-keys`, {
    body: { scopes: ['leads:read', 'contacts:read', 'companies:read'], role: 'viewer' },
  });
  expect(answer.status).toBe(201);
  return answer.body.key as string;
}

describe('bad values of the body', () => {
  const query = (body: Record<string, unknown>) => call(setup.mock, 'POST', '/v1/query/leads', { key: key(), body });
  const group = { op: 'and', conditions: [{ field: 'amount', op: 'gte', value: 1 }] };

  it("a wrong value of a documented field is that field's problem, never unknown_field (spec 2.1, 4.13)", async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ q: '' }, 422, 'validation_failed', 'q'],
      [{ q: 'x', limit: 0 }, 422, 'validation_failed', 'limit'],
      [{ q: 'x', limit: 'ten' }, 400, 'bad_json', 'limit'],
      [{ query: group, count: 'yes' }, 400, 'bad_json', 'count'],
      [{ query: { ...group, op: 'xor' } }, 422, 'validation_failed', 'query.op'],
      [
        { query: { op: 'and', conditions: [{ field: 'amount', op: 'bogus', value: 1 }] } },
        422,
        'validation_failed',
        'query.conditions[0].op',
      ],
      [{ query: group, sort: [{ field: 'amount', dir: 'up' }] }, 422, 'validation_failed', 'sort[0].dir'],
    ];
    for (const [body, status, code, field] of cases) {
      const { status: answered, body: answer } = await query(body);
      expect([JSON.stringify(body), answered, answer.error.code, Object.keys(answer.error.fields)]).toEqual([
        JSON.stringify(body),
        status,
        code,
        [field],
      ]);
    }
  });

  it('neither or both of query and q is validation_failed naming fields; only an undocumented field is unknown_field', async () => {
    // Neither: the first choice of the schema's oneOf, `query`; both: each of them (spec 4.13).
    const neither = await query({});
    expect([neither.status, neither.body.error.code, neither.body.error.fields]).toEqual([
      422,
      'validation_failed',
      { query: 'is required, or q in its place (exactly one of query, q)' },
    ]);
    const both = await query({ query: group, q: 'x' });
    expect([both.status, both.body.error.code, Object.keys(both.body.error.fields)]).toEqual([422, 'validation_failed', ['query', 'q']]);
    expect(both.body.error.fields.q).toBe('cannot be sent with query (exactly one of query, q)');
    const bothAndBadLimit = await query({ query: group, q: 'x', limit: 0 });
    expect(Object.keys(bothAndBadLimit.body.error.fields).sort()).toEqual(['limit', 'q', 'query']);
    const unknown = await query({ query: group, bogus: 1 });
    expect([unknown.status, unknown.body.error.code, Object.keys(unknown.body.error.fields)]).toEqual([400, 'unknown_field', ['bogus']]);
  });
});

describe('groups', () => {
  it('groups nest two levels and a third is invalid_query', async () => {
    await lead({ name: 'Sofa', amount: 500, source: 'website' });
    await lead({ name: 'Desk', amount: 900, source: 'instagram' });
    const twoLevels = {
      op: 'and',
      conditions: [
        { field: 'amount', op: 'gte', value: 100 },
        {
          op: 'or',
          conditions: [
            { field: 'source', op: 'eq', value: 'instagram' },
            { field: 'name', op: 'eq', value: 'nothing' },
          ],
        },
      ],
    };
    expect(await names({ query: twoLevels })).toEqual(['Desk']);
    const threeLevels = {
      op: 'and',
      conditions: [{ op: 'or', conditions: [{ op: 'and', conditions: [{ field: 'amount', op: 'gte', value: 100 }] }] }],
    };
    const error = await expectError({ query: threeLevels }, 'invalid_query');
    expect(Object.keys(error.fields)).toEqual(['query.conditions[0].conditions[0]']);
  });

  it('or matches a record meeting any condition and not negates a condition', async () => {
    await lead({ name: 'Sofa', amount: 500 });
    await lead({ name: 'Desk', amount: 900 });
    await lead({ name: 'Lamp', amount: 100 });
    const either = {
      query: {
        op: 'or',
        conditions: [
          { field: 'name', op: 'eq', value: 'sofa' },
          { field: 'amount', op: 'gt', value: 800 },
        ],
      },
    };
    expect((await names(either)).sort()).toEqual(['Desk', 'Sofa']);
    expect(await names(where({ field: 'amount', op: 'gt', value: 200, not: true }))).toEqual(['Lamp']);
  });

  it('trashed leads never match', async () => {
    const gone = await lead({ name: 'Sofa' });
    await lead({ name: 'Sofa too' });
    await call(setup.mock, 'DELETE', `/v1/leads/${gone.id}`, { key: key() });
    expect(await names(where({ field: 'name', op: 'starts', value: 'sofa' }))).toEqual(['Sofa too']);
    expect(await names(where({ field: 'name', op: 'starts', value: 'sofa', not: true }))).toEqual([]);
  });
});

describe('operators by field type', () => {
  it('between on amount includes both ends', async () => {
    for (const amount of [99, 100, 150, 200, 201]) await lead({ name: `at ${amount}`, amount });
    expect((await names(where({ field: 'amount', op: 'between', value: [100, 200] }))).sort()).toEqual(['at 100', 'at 150', 'at 200']);
  });

  it('gt, gte, lt and lte compare amounts strictly and inclusively', async () => {
    for (const amount of [100, 200, 300]) await lead({ name: `at ${amount}`, amount });
    const ask = async (op: string) => (await names(where({ field: 'amount', op, value: 200 }))).sort();
    expect([await ask('gt'), await ask('gte'), await ask('lt'), await ask('lte')]).toEqual([
      ['at 300'],
      ['at 200', 'at 300'],
      ['at 100'],
      ['at 100', 'at 200'],
    ]);
  });

  it('text operators ignore case: eq, in, contains, starts, ends', async () => {
    await lead({ name: 'Website redesign: Orzu' });
    await lead({ name: 'Sofa for Orzu Textile' });
    const ask = async (op: string, value: unknown) => (await names(where({ field: 'name', op, value }))).sort();
    expect(await ask('eq', 'WEBSITE REDESIGN: ORZU')).toEqual(['Website redesign: Orzu']);
    expect(await ask('in', ['nothing', 'sofa for orzu textile'])).toEqual(['Sofa for Orzu Textile']);
    expect(await ask('contains', 'ORZU')).toEqual(['Sofa for Orzu Textile', 'Website redesign: Orzu']);
    expect(await ask('not_contains', 'textile')).toEqual(['Website redesign: Orzu']);
    expect(await ask('starts', 'website')).toEqual(['Website redesign: Orzu']);
    expect(await ask('ends', 'TEXTILE')).toEqual(['Sofa for Orzu Textile']);
  });

  it('regex matches names and an invalid or too long regex is invalid_query', async () => {
    await lead({ name: 'OOO Orzu' });
    await lead({ name: 'Orzu MChJ' });
    expect(await names(where({ field: 'name', op: 'regex', value: '^(ooo|mchj) ' }))).toEqual(['OOO Orzu']);
    await expectError(where({ field: 'name', op: 'regex', value: '(' }), 'invalid_query');
    const error = await expectError(where({ field: 'name', op: 'regex', value: 'a'.repeat(LIMITS.regex_length! + 1) }), 'invalid_query');
    expect(Object.keys(error.fields)).toEqual(['query.conditions[0].value']);
    expect((await query(where({ field: 'name', op: 'regex', value: 'a'.repeat(LIMITS.regex_length!) }))).status).toBe(200);
  });

  it('sounds_like finds Muhammad for Mukhammad', async () => {
    await lead({ name: 'Muhammad Aliyev' });
    await lead({ name: 'Мухаммад Алиев' });
    await lead({ name: 'Mohammed Ali' });
    await lead({ name: 'Mahliyo Aliyeva' });
    await lead({ name: 'Dilnoza Karimova' });
    expect((await names(where({ field: 'name', op: 'sounds_like', value: 'Mukhammad' }))).sort()).toEqual([
      'Mohammed Ali',
      'Muhammad Aliyev',
      'Мухаммад Алиев',
    ]);
  });

  it('sounds_like reads Uzbek x as kh and Cyrillic as Latin', async () => {
    await lead({ name: 'Bakhtiyor' });
    await lead({ name: 'Бахтиёр' });
    await lead({ name: 'Botir' });
    expect((await names(where({ field: 'name', op: 'sounds_like', value: 'Baxtiyor' }))).sort()).toEqual(['Bakhtiyor', 'Бахтиёр']);
  });

  it('duplicate finds leads sharing a name, ignoring case', async () => {
    await lead({ name: 'Kitchen set' });
    await lead({ name: 'kitchen SET' });
    await lead({ name: 'Sofa' });
    expect((await names(where({ field: 'name', op: 'duplicate' }))).sort()).toEqual(['Kitchen set', 'kitchen SET']);
    expect(await names(where({ field: 'name', op: 'duplicate', not: true }))).toEqual(['Sofa']);
  });

  it('empty and not_empty tell unset values from set ones', async () => {
    await lead({ name: 'With source', source: 'website' });
    await lead({ name: 'Without source' });
    expect(await names(where({ field: 'source', op: 'empty' }))).toEqual(['Without source']);
    expect(await names(where({ field: 'source', op: 'not_empty' }))).toEqual(['With source']);
  });

  it('ids are matched with long prefixes too, in lists', async () => {
    const [first, second] = pipeline().stages;
    await lead({ name: 'First', stage_id: first.id });
    await lead({ name: 'Second', stage_id: second.id });
    expect(await names(where({ field: 'stage_id', op: 'eq', value: second.id.replace(/^st_/, 'stage_') }))).toEqual(['Second']);
    expect((await names(where({ field: 'stage_id', op: 'in', value: [first.id, second.id] }))).sort()).toEqual(['First', 'Second']);
    expect(await names(where({ field: 'stage_id', op: 'not_in', value: [first.id] }))).toEqual(['Second']);
  });

  it("weekday matches created_at on the workspace clock's day", async () => {
    // 23:30 UTC on a Monday is already Tuesday in Tashkent: the workspace calendar (UTC) decides, not the machine's zone.
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tashkent';
    try {
      await setClock('2026-11-23T23:30:00Z');
      await lead({ name: 'Monday night' });
      await setClock('2026-11-24T10:00:00Z');
      await lead({ name: 'Tuesday' });
      await setClock('2026-11-29T12:00:00Z');
      await lead({ name: 'Sunday' });
      expect(await names(where({ field: 'created_at', op: 'weekday', value: 1 }))).toEqual(['Monday night']);
      expect(await names(where({ field: 'created_at', op: 'weekday', value: [2, 3] }))).toEqual(['Tuesday']);
      expect(await names(where({ field: 'created_at', op: 'weekday', value: 7 }))).toEqual(['Sunday']);
      await expectError(where({ field: 'created_at', op: 'weekday', value: 8 }), 'invalid_query');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("hour matches created_at on the workspace clock's hour", async () => {
    await setClock('2026-11-23T09:59:00Z');
    await lead({ name: 'Morning' });
    await setClock('2026-11-23T18:05:00Z');
    await lead({ name: 'Evening' });
    expect(await names(where({ field: 'created_at', op: 'hour', value: [9, 10] }))).toEqual(['Morning']);
  });

  it('a date compared with a time means the whole workspace day', async () => {
    await setClock('2026-11-20T00:00:00Z');
    await lead({ name: 'Start of day' });
    await setClock('2026-11-20T23:59:59.999Z');
    await lead({ name: 'End of day' });
    await setClock('2026-11-21T00:00:00Z');
    await lead({ name: 'Next day' });
    expect((await names(where({ field: 'created_at', op: 'eq', value: '2026-11-20' }))).sort()).toEqual(['End of day', 'Start of day']);
    expect(await names(where({ field: 'created_at', op: 'gt', value: '2026-11-20' }))).toEqual(['Next day']);
    expect(await names(where({ field: 'created_at', op: 'lt', value: '2026-11-20T23:59:59.999+00:00' }))).toEqual(['Start of day']);
    await expectError(where({ field: 'created_at', op: 'gt', value: '2026-11-20T10:00:00' }), 'invalid_query');
  });

  it('an operator that does not fit the field type is invalid_query', async () => {
    const error = await expectError(where({ field: 'amount', op: 'contains', value: '5' }), 'invalid_query');
    expect(Object.keys(error.fields)).toEqual(['query.conditions[0].op']);
  });

  it('an unknown field is invalid_query', async () => {
    const error = await expectError(where({ field: 'colour', op: 'eq', value: 'red' }), 'invalid_query');
    expect(Object.keys(error.fields)).toEqual(['query.conditions[0].field']);
  });
});

describe('custom fields', () => {
  it('custom fields are queried by key with their type', async () => {
    await lead({
      name: 'Express',
      custom: {
        delivery_type: 'opt_express',
        budget: { amount: 500_000 },
        delivery_date: '2026-12-01',
        services: ['opt_installation', 'opt_warranty'],
      },
    });
    await lead({
      name: 'Standard',
      custom: { delivery_type: 'opt_standard', budget: { amount: 100_000 }, delivery_date: '2026-12-05', services: ['opt_installation'] },
    });
    await lead({ name: 'Unset' });
    expect(await names(where({ field: 'delivery_type', op: 'eq', value: 'opt_express' }))).toEqual(['Express']);
    expect(await names(where({ field: 'custom.budget', op: 'gt', value: 200_000 }))).toEqual(['Express']);
    expect(await names(where({ field: 'delivery_date', op: 'between', value: ['2026-12-02', '2026-12-31'] }))).toEqual(['Standard']);
    expect(await names(where({ field: 'services', op: 'all', value: ['opt_installation', 'opt_warranty'] }))).toEqual(['Express']);
    expect(await names(where({ field: 'delivery_type', op: 'empty' }))).toEqual(['Unset']);
    await expectError(where({ field: 'delivery_date', op: 'contains', value: '12' }), 'invalid_query');
  });
});

describe('contacts and their phones', () => {
  async function contact(body: Record<string, unknown>) {
    const answer = await call(setup.mock, 'POST', '/v1/contacts', { key: key(), body });
    expect(answer.status).toBe(201);
    return answer.body;
  }

  it('duplicate finds leads sharing a contact phone', async () => {
    const aziz = await contact({ name: 'Aziz', phone: '+998901234567' });
    const azizAgain = await contact({ name: 'Aziz R.', phones: ['+998935554433', '90 123-45-67'] });
    const other = await contact({ name: 'Dilnoza', phone: '+998977778899' });
    await lead({ name: 'First', contact_id: aziz.id });
    await lead({ name: 'Second', contact_id: azizAgain.id });
    await lead({ name: 'Third', contact_id: other.id });
    await lead({ name: 'No contact' });
    expect((await names(where({ field: 'contact.phones', op: 'duplicate' }))).sort()).toEqual(['First', 'Second']);
  });

  it('a phone in any local spelling finds the contact by its stored number', async () => {
    await contact({ name: 'Aziz', phone: '+998901234567' });
    await contact({ name: 'Dilnoza', phone: '+998977778899' });
    const found = await query({ q: 'phones = "8 90 123 45 67"' }, { entity: 'contacts' });
    expect(found.body.data.map((record: any) => record.name)).toEqual(['Aziz']);
    const piece = await query(where({ field: 'phones', op: 'contains', value: '90 123' }), { entity: 'contacts' });
    expect(piece.body.data.map((record: any) => record.name)).toEqual(['Aziz']);
  });

  it('parts of the linked contact are read as it is now', async () => {
    const aziz = await contact({ name: 'Aziz', phone: '+998901234567' });
    await lead({ name: 'Sofa', contact_id: aziz.id });
    await call(setup.mock, 'PATCH', `/v1/contacts/${aziz.id}`, { key: key(), body: { name: 'Aziz Rahimov' } });
    expect(await names(where({ field: 'contact.name', op: 'eq', value: 'aziz rahimov' }))).toEqual(['Sofa']);
  });

  it("properties computed when shown are queried as shown: a contact's open_leads", async () => {
    const busy = await contact({ name: 'Busy', phone: '+998901234567' });
    await contact({ name: 'Idle', phone: '+998977778899' });
    await lead({ contact_id: busy.id });
    const answer = await query(where({ field: 'open_leads', op: 'gte', value: 1 }), { entity: 'contacts' });
    expect(answer.body.data.map((record: any) => [record.name, record.open_leads])).toEqual([['Busy', 1]]);
  });

  it('companies are queried by their fields, and contacts by the name of their company', async () => {
    const created = await call(setup.mock, 'POST', '/v1/companies', {
      key: key(),
      body: { name: 'Orzu Textile LLC', website: 'https://orzu.example/' },
    });
    expect(created.status).toBe(201);
    await call(setup.mock, 'POST', '/v1/companies', { key: key(), body: { name: 'Toshkent Savdo' } });
    await contact({ name: 'Aziz', phone: '+998901234567', company_id: created.body.id });
    await contact({ name: 'Dilnoza', phone: '+998977778899' });
    const companies = await query({ q: 'website starts https://orzu', count: true }, { entity: 'companies' });
    expect([companies.body.total, companies.body.data[0].name]).toEqual([1, 'Orzu Textile LLC']);
    const contacts = await query(where({ field: 'company.name', op: 'contains', value: 'textile' }), { entity: 'contacts' });
    expect(contacts.body.data.map((record: any) => record.name)).toEqual(['Aziz']);
  });

  it('a viewer finds a contact by its exact full email but not by a piece of it', async () => {
    await contact({ name: 'Aziz', email: 'aziz@orzu.example' });
    const viewer = await viewerKey();
    const exact = await query(where({ field: 'emails', op: 'eq', value: 'AZIZ@orzu.example' }), { entity: 'contacts', key: viewer });
    expect(exact.body.data.map((record: any) => record.name)).toEqual(['Aziz']);
    const piece = await query(where({ field: 'emails', op: 'ends', value: '@orzu.example' }), { entity: 'contacts', key: viewer });
    expect([piece.status, piece.body.error.code]).toEqual([422, 'masked_filter']);
  });
});

describe('tag filters', () => {
  beforeEach(async () => {
    await lead({ name: 'VIP', tags: ['vip'] });
    await lead({ name: 'Hot', tags: ['hot'] });
    await lead({ name: 'VIP spam', tags: ['VIP', 'spam'] });
    await lead({ name: 'Untagged' });
  });

  it('tag:vip,hot means either tag', async () => {
    expect((await names({ q: 'tag:vip,hot' })).sort()).toEqual(['Hot', 'VIP', 'VIP spam']);
  });

  it('-tag:spam leaves out records with the tag', async () => {
    expect((await names({ q: 'tag:vip -tag:spam' })).sort()).toEqual(['VIP']);
  });

  it('has:tag finds records with any tag and -has:tag those with none', async () => {
    expect((await names({ q: 'has:tag' })).sort()).toEqual(['Hot', 'VIP', 'VIP spam']);
    expect(await names({ q: '-has:tag' })).toEqual(['Untagged']);
  });

  it('the structured form: tags in, not_in and all, ignoring case', async () => {
    expect((await names(where({ field: 'tags', op: 'in', value: ['Vip'] }))).sort()).toEqual(['VIP', 'VIP spam']);
    expect((await names(where({ field: 'tags', op: 'not_in', value: ['vip'] }))).sort()).toEqual(['Hot', 'Untagged']);
    expect(await names(where({ field: 'tags', op: 'all', value: ['vip', 'spam'] }))).toEqual(['VIP spam']);
  });
});

describe('the text filter q', () => {
  it('q echoes a structured filter as text that finds the same records', async () => {
    await lead({ name: 'Big website', amount: 6_000_000, source: 'website', tags: ['vip'] });
    await lead({ name: 'Big instagram', amount: 7_000_000, source: 'instagram', tags: ['wholesale'] });
    await lead({ name: 'Small', amount: 10, source: 'website', tags: ['vip'] });
    const structured = {
      op: 'and',
      conditions: [
        { field: 'amount', op: 'gte', value: 5_000_000 },
        { field: 'tags', op: 'in', value: ['vip', 'wholesale'] },
        {
          op: 'or',
          conditions: [
            { field: 'source', op: 'eq', value: 'website' },
            { field: 'source', op: 'eq', value: 'instagram' },
          ],
        },
      ],
    };
    const answer = await query({ query: structured });
    expect(answer.body.q).toBe('amount >= 5000000 and tags in (vip, wholesale) and (source = website or source = instagram)');
    const again = await query({ q: answer.body.q });
    expect(again.body.q).toBe(answer.body.q);
    expect(again.body.data.map((record: any) => record.id)).toEqual(answer.body.data.map((record: any) => record.id));
    expect(answer.body.data.map((record: any) => record.name).sort()).toEqual(['Big instagram', 'Big website']);
  });

  it('q takes quoted strings, not before groups, and bare words as a name search', async () => {
    await lead({ name: 'Kitchen set: Orzu', amount: 100 });
    await lead({ name: 'Sofa', amount: 200 });
    const answer = await query({ q: 'not (name contains "set: o" or amount > 150) or orzu' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((record: any) => record.name)).toEqual(['Kitchen set: Orzu']);
    expect(answer.body.q).toBe('(not name contains "set: o" and not amount > 150) or name contains orzu');
  });

  it('a q that cannot be read is invalid_query under q', async () => {
    const error = await expectError({ q: 'amount between 5' }, 'invalid_query');
    expect(Object.keys(error.fields)).toEqual(['q']);
  });
});

describe('sort, paging and count', () => {
  it('sort applies up to five keys in order, empty values last', async () => {
    await lead({ name: 'b', amount: 100, source: 'website' });
    await lead({ name: 'a', amount: 100, source: 'website' });
    await lead({ name: 'c', amount: 300 });
    await lead({ name: 'd', amount: 200, source: 'instagram' });
    const sorted = (sort: unknown) => names({ ...where({ field: 'amount', op: 'gte', value: 0 }), sort });
    expect(
      await sorted([
        { field: 'amount', dir: 'desc' },
        { field: 'name', dir: 'asc' },
      ]),
    ).toEqual(['c', 'd', 'a', 'b']);
    expect(
      await sorted([
        { field: 'source', dir: 'asc' },
        { field: 'name', dir: 'desc' },
      ]),
    ).toEqual(['d', 'b', 'a', 'c']);
    expect(
      await sorted([
        { field: 'source', dir: 'desc' },
        { field: 'name', dir: 'desc' },
      ]),
    ).toEqual(['b', 'a', 'd', 'c']);
  });

  it('without sort, newest first', async () => {
    for (const name of ['first', 'second', 'third']) await lead({ name });
    expect(await names({ q: 'has:name' })).toEqual(['third', 'second', 'first']);
  });

  it('tags cannot be sorted by: invalid_query', async () => {
    await expectError({ q: 'has:tag', sort: [{ field: 'tags', dir: 'asc' }] }, 'invalid_query');
  });

  it('pages follow the sort, and a cursor of another query is invalid_cursor', async () => {
    for (let amount = 1; amount <= 5; amount++) await lead({ name: `at ${amount}`, amount });
    const body = { ...where({ field: 'amount', op: 'gte', value: 2 }), sort: [{ field: 'amount', dir: 'asc' }], limit: 2 };
    const first = await query(body);
    const second = await query({ ...body, cursor: first.body.next_cursor, count: true });
    expect([first, second].map((page) => page.body.data.map((record: any) => record.amount))).toEqual([
      [2, 3],
      [4, 5],
    ]);
    expect(second.body.next_cursor).toBeNull();
    const other = await query({ ...body, sort: [{ field: 'amount', dir: 'desc' }], cursor: first.body.next_cursor });
    expect([other.status, other.body.error.code]).toEqual([400, 'invalid_cursor']);
  });

  it('count returns total', async () => {
    for (let amount = 1; amount <= 7; amount++) await lead({ amount });
    const counted = await query({ ...where({ field: 'amount', op: 'gt', value: 2 }), limit: 2, count: true });
    expect(counted.body).toMatchObject({ total: 5, total_estimated: false });
    expect(counted.body.data).toHaveLength(2);
    const uncounted = await query({ ...where({ field: 'amount', op: 'gt', value: 2 }) });
    expect(uncounted.body).not.toHaveProperty('total');
  });
});

describe('total above the exact count', () => {
  it('above 100,000 matches total is flagged total_estimated', async () => {
    // Written straight into the table: 100,001 leads through the API would take minutes.
    const workspace = setup.mock.state.workspaces.get(wsId())!;
    const { tables } = workspace;
    const stage = pipeline().stages[0];
    const now = '2026-11-18T09:00:00.000Z';
    const exact = LIMITS.exact_total_up_to!;
    let last = '';
    for (let i = 0; i <= exact; i++)
      last = (await tables.leads.insert(newStoredLead(workspace, stage, now, { amount: i, currency: 'UZS', position: i }))).id;
    const above = await query({ q: 'amount >= 0', count: true, limit: 1 });
    expect(above.body).toMatchObject({ total: exact + 1, total_estimated: true });
    await tables.leads.update(last, (draft) => void (draft.deleted_at = now));
    const atLimit = await query({ q: 'amount >= 0', count: true, limit: 1 });
    expect(atLimit.body).toMatchObject({ total: exact, total_estimated: false });
  });
});

describe('limits', () => {
  const condition = { field: 'amount', op: 'gte', value: 0 };

  it('too_many_conditions names the limit', async () => {
    expect((await query(where(...Array(LIMITS.conditions).fill(condition)))).status).toBe(200);
    const error = await expectError(where(...Array(LIMITS.conditions! + 1).fill(condition)), 'too_many_conditions');
    expect(error.limit).toBe(LIMITS.conditions);
  });

  it('the regex conditions limit answers too_many_conditions with it', async () => {
    const regex = { field: 'name', op: 'regex', value: 'a' };
    expect((await query(where(...Array(LIMITS.regex_conditions).fill(regex)))).status).toBe(200);
    expect((await expectError(where(...Array(LIMITS.regex_conditions! + 1).fill(regex)), 'too_many_conditions')).limit).toBe(
      LIMITS.regex_conditions,
    );
  });

  it('the list values limit answers too_many_conditions with it', async () => {
    const list = (size: number) => where({ field: 'amount', op: 'in', value: Array.from({ length: size }, (_, i) => i) });
    expect((await query(list(LIMITS.list_values!))).status).toBe(200);
    expect((await expectError(list(LIMITS.list_values! + 1), 'too_many_conditions')).limit).toBe(LIMITS.list_values);
  });

  it('the sort keys limit answers too_many_conditions with it', async () => {
    const sort = (size: number) => ({ ...where(condition), sort: Array(size).fill({ field: 'amount', dir: 'asc' }) });
    expect((await query(sort(LIMITS.sort_keys!))).status).toBe(200);
    expect((await expectError(sort(LIMITS.sort_keys! + 1), 'too_many_conditions')).limit).toBe(LIMITS.sort_keys);
  });
});

describe('masked phones and emails', () => {
  it('a viewer filtering on phone gets masked_filter', async () => {
    const viewer = await viewerKey();
    const error = await expectError(where({ field: 'contact.phones', op: 'contains', value: '90123' }), 'masked_filter', { key: viewer });
    expect(Object.keys(error.fields)).toEqual(['query.conditions[0]']);
    await expectError({ q: 'contact.phones starts +99890' }, 'masked_filter', { key: viewer });
  });

  it('a viewer matches a phone by its exact full value', async () => {
    const viewer = await viewerKey();
    expect((await query(where({ field: 'contact.phones', op: 'eq', value: '+998901234567' }), { key: viewer })).status).toBe(200);
    expect((await query(where({ field: 'contact.phones', op: 'contains', value: '90123' }))).status).toBe(200);
  });

  it('a viewer cannot sort by a phone: masked_sort', async () => {
    const viewer = await viewerKey();
    await expectError({ q: 'has:name', sort: [{ field: 'contact.phones', dir: 'asc' }] }, 'masked_sort', { key: viewer });
    expect((await query({ q: 'has:name', sort: [{ field: 'contact.phones', dir: 'asc' }] })).status).toBe(200);
  });
});

describe('GET /v1/query/{entity}/fields', () => {
  it('lists each field with its type, operators and whether it sorts, custom fields by key', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/query/leads/fields', { key: key() });
    expect(answer.status).toBe(200);
    const byName = new Map(answer.body.data.map((field: any) => [field.field, field]));
    expect(byName.get('amount')).toMatchObject({
      type: 'money',
      sortable: true,
      operators: ['eq', 'neq', 'in', 'not_in', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'not_empty'],
    });
    expect(byName.get('tags')).toMatchObject({ type: 'tags', sortable: false, operators: ['in', 'not_in', 'all', 'empty', 'not_empty'] });
    expect(byName.get('created_at')).toMatchObject({ type: 'datetime', operators: expect.arrayContaining(['weekday', 'hour']) });
    expect(byName.get('name')).toMatchObject({ type: 'text', operators: expect.arrayContaining(['regex', 'sounds_like', 'duplicate']) });
    expect(byName.get('delivery_type')).toMatchObject({ type: 'select', label: { en: 'Delivery' } });
    expect(byName.get('contact.phones')).toMatchObject({ type: 'phone', operators: expect.arrayContaining(['contains']) });
  });

  it('a viewer sees only exact operators on phones, and no sort by them', async () => {
    const answer = await call(setup.mock, 'GET', '/v1/query/leads/fields', { key: await viewerKey() });
    const phones = answer.body.data.find((field: any) => field.field === 'contact.phones');
    expect(phones).toMatchObject({ operators: ['eq', 'neq', 'in', 'not_in', 'empty', 'not_empty'], sortable: false });
  });

  it('needs the read scope of the entity', async () => {
    const created = await call(setup.mock, 'POST', `/_mock/workspaces/${wsId()}/api-keys`, { body: { scopes: ['leads:read'] } });
    const answer = await call(setup.mock, 'GET', '/v1/query/contacts/fields', { key: created.body.key });
    expect([answer.status, answer.body.error.code, answer.body.error.scope]).toEqual([403, 'missing_scope', 'contacts:read']);
    expect((await call(setup.mock, 'GET', '/v1/query/leads/fields', { key: created.body.key })).status).toBe(200);
  });
});
