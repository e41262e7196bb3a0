// Companies (inferred CRUD of the document, spec 2.1, 4.14): numbers, phones and emails like
// contacts, owner, custom values and tags, trash and restore, lists.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let workspace: any;
beforeAll(async () => {
  setup = await setUpMock();
});
beforeEach(async () => {
  workspace = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
});

const key = () => workspace.api_key as string;
const owner = () => workspace.members.find((member: any) => member.role === 'owner');

const create = (body: Record<string, unknown>) => call(setup.mock, 'POST', '/v1/companies', { key: key(), body });
const read = (id: string | number) => call(setup.mock, 'GET', `/v1/companies/${id}`, { key: key() });
const patch = (id: string, body: Record<string, unknown>) => call(setup.mock, 'PATCH', `/v1/companies/${id}`, { key: key(), body });
const remove = (id: string | number) => call(setup.mock, 'DELETE', `/v1/companies/${id}`, { key: key() });
const restore = (id: string | number) => call(setup.mock, 'POST', `/v1/companies/${id}/restore`, { key: key() });
const list = (query = '') => call(setup.mock, 'GET', `/v1/companies${query}`, { key: key() });

async function company(body: Record<string, unknown>) {
  const answer = await create(body);
  if (answer.status !== 201) throw new Error(`cannot create company: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

describe('creating a company', () => {
  it('answers 201 with a numbered company, phones normalized and emails lowercased', async () => {
    const { status, body } = await create({
      name: ' Orzu Textile ',
      phones: ['71 234-56-78', '8 90 123 45 67'],
      emails: ['Info@Orzu.Example'],
      website: 'https://orzu.example/',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      number: 1,
      name: 'Orzu Textile',
      phones: ['+998712345678', '+998901234567'],
      emails: ['info@orzu.example'],
      website: 'https://orzu.example/',
      owner_id: null,
      owner: null,
      custom: {},
      tags: [],
    });
    expect(body.id).toMatch(/^co_[0-9a-z]{26}$/);
    expect(body).not.toHaveProperty('deleted_at');
    expect((await company({ name: 'Second' })).number).toBe(2);
  });

  it('a company without website has website null', async () => {
    expect((await company({ name: 'A' })).website).toBeNull();
  });

  it('a name of only spaces answers validation_failed under name', async () => {
    const { status, body } = await create({ name: '   ' });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('name');
  });

  it('a phone that is not a phone number answers validation_failed naming it', async () => {
    const { status, body } = await create({ name: 'A', phones: ['+998712345678', 'office'] });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('phones[1]');
    expect((await list()).body.data).toEqual([]);
  });

  it('owner_id names a member, shown as {id, name}; another id answers validation_failed', async () => {
    expect((await company({ name: 'A', owner_id: owner().id })).owner).toEqual({ id: owner().id, name: owner().name });
    const { status, body } = await create({ name: 'A', owner_id: `mb_${'0'.repeat(26)}` });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('owner_id');
  });

  it('custom values follow the company custom fields; a contact field key is refused under custom.<key>', async () => {
    expect((await company({ name: 'A', custom: { employee_count: 40 } })).custom).toEqual({ employee_count: 40 });
    const { status, body } = await create({ name: 'A', custom: { tax_id: '1' } });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('custom.tax_id');
  });

  it('more than 10 tags answers validation_failed under tags', async () => {
    const { status, body } = await create({ name: 'A', tags: Array.from({ length: 11 }, (_, index) => `t${index}`) });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('tags');
  });
});

describe('reading a company', () => {
  it('finds it by id, by long-prefix id and by number', async () => {
    const created = await company({ name: 'A' });
    for (const path of [created.id, created.id.replace(/^co_/, 'company_'), created.number])
      expect((await read(path)).body).toEqual(created);
  });

  it('a company of another workspace answers 404 by id and by number', async () => {
    const created = await company({ name: 'A' });
    workspace = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    for (const path of [created.id, created.number]) expect((await read(path)).status).toBe(404);
  });
});

describe('updating a company', () => {
  it('changes only the fields sent; phones, emails and tags replace the whole list', async () => {
    const created = await company({
      name: 'A',
      phones: ['71 234 56 78'],
      emails: ['a@orzu.example'],
      tags: ['vip', 'hot'],
      website: 'https://orzu.example/',
    });
    const { status, body } = await patch(created.id, { phones: ['90 123 45 67'], tags: ['cold'] });
    expect(status).toBe(200);
    expect(body).toEqual({ ...created, phones: ['+998901234567'], tags: ['cold'], updated_at: body.updated_at });
  });

  it('null clears owner_id and website', async () => {
    const created = await company({ name: 'A', owner_id: owner().id, website: 'https://orzu.example/' });
    expect((await patch(created.id, { owner_id: null, website: null })).body).toMatchObject({ owner_id: null, owner: null, website: null });
  });

  it('a PATCH that changes nothing keeps updated_at, a change moves it', async () => {
    const created = await company({ name: 'A', phones: ['90 123 45 67'] });
    await call(setup.mock, 'POST', `/_mock/workspaces/${workspace.workspace.id}/clock`, { body: { freeze: true, advance_seconds: 60 } });
    expect((await patch(created.id, { name: 'A', phones: ['+998901234567'] })).body.updated_at).toBe(created.updated_at);
    expect((await patch(created.id, { name: 'B' })).body.updated_at).not.toBe(created.updated_at);
  });

  it('a name of only spaces answers validation_failed and changes nothing', async () => {
    const created = await company({ name: 'A' });
    expect((await patch(created.id, { name: ' ', website: 'https://a.example/' })).status).toBe(422);
    expect((await read(created.id)).body).toEqual(created);
  });
});

describe('trash and restore', () => {
  it('delete answers {ok: true, id}', async () => {
    const created = await company({ name: 'A' });
    expect((await remove(created.number)).body).toEqual({ ok: true, id: created.id });
  });

  it('a trashed company answers 410 gone with deleted_at', async () => {
    const created = await company({ name: 'A' });
    await remove(created.id);
    for (const answer of [await read(created.id), await patch(created.id, { name: 'B' }), await remove(created.id)]) {
      expect(answer.status).toBe(410);
      expect(answer.body.error.code).toBe('gone');
      expect(Date.parse(answer.body.error.deleted_at)).not.toBeNaN();
    }
  });

  it('a trashed company leaves lists; restore keeps the number and brings it back', async () => {
    const created = await company({ name: 'A' });
    await remove(created.id);
    expect((await list()).body.data).toEqual([]);
    const { status, body } = await restore(created.number);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: created.id, number: created.number });
    expect((await list()).body.data.map((found: any) => found.id)).toEqual([created.id]);
  });
});

describe('listing companies', () => {
  it('lists newest first and pages with a cursor', async () => {
    const [a, b, c] = [await company({ name: 'A' }), await company({ name: 'B' }), await company({ name: 'C' })];
    const first = (await list('?limit=2')).body;
    expect(first.data.map((found: any) => found.id)).toEqual([c.id, b.id]);
    expect((await list(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).body).toEqual({ data: [a], next_cursor: null });
  });

  it('q finds by name, email, website and phone', async () => {
    const orzu = await company({
      name: 'Orzu Textile',
      emails: ['info@orzu.example'],
      website: 'https://shop.orzu.uz/',
      phones: ['71 234 56 78'],
    });
    await company({ name: 'Other', phones: ['90 000 00 00'] });
    for (const q of ['textile', 'INFO@', 'shop.orzu.uz', '2345678', '71 234-56-78']) {
      expect(
        (await list(`?q=${encodeURIComponent(q)}`)).body.data.map((found: any) => found.id),
        q,
      ).toEqual([orzu.id]);
    }
  });
});
