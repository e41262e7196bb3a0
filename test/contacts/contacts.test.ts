// Contacts (spec 2.1, 2.4, 4.3, 6.4): phones and emails, names, links to companies and members,
// custom values and tags, open leads, events, trash and restore, lists and their filters.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let workspace: any;
beforeAll(async () => {
  setup = await setUpMock();
});
beforeEach(async () => {
  // One mock, a fresh workspace per test: workspaces share nothing.
  workspace = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
});

const key = () => workspace.api_key as string;
const member = (role = 'owner') => workspace.members.find((candidate: any) => candidate.role === role);

const create = (body: Record<string, unknown>, asKey = key()) => call(setup.mock, 'POST', '/v1/contacts', { key: asKey, body });
const read = (id: string | number) => call(setup.mock, 'GET', `/v1/contacts/${id}`, { key: key() });
const patch = (id: string, body: Record<string, unknown>) => call(setup.mock, 'PATCH', `/v1/contacts/${id}`, { key: key(), body });
const remove = (id: string | number) => call(setup.mock, 'DELETE', `/v1/contacts/${id}`, { key: key() });
const restore = (id: string | number) => call(setup.mock, 'POST', `/v1/contacts/${id}/restore`, { key: key() });
const list = (query = '') => call(setup.mock, 'GET', `/v1/contacts${query}`, { key: key() });
const createCompany = (name: string) => call(setup.mock, 'POST', '/v1/companies', { key: key(), body: { name } });

async function contact(body: Record<string, unknown>) {
  const answer = await create(body);
  if (answer.status !== 201) throw new Error(`cannot create contact: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function events(type: string) {
  return (await call(setup.mock, 'GET', `/_mock/workspaces/${workspace.workspace.id}/events?type=${type}`)).body.data.map(
    (event: any) => event.data.object,
  );
}

async function newKey(scopes: string[]) {
  return (await call(setup.mock, 'POST', `/_mock/workspaces/${workspace.workspace.id}/api-keys`, { body: { role: 'admin', scopes } })).body
    .key as string;
}

const tables = () => setup.mock.state.workspaces.get(workspace.workspace.id)!.tables;

describe('phones', () => {
  it('a local phone with spaces and dashes is stored as +998...', async () => {
    expect((await contact({ phone: '90 123-45-67' })).phones).toEqual(['+998901234567']);
  });

  it('a local phone with a leading 8 is stored as +998...', async () => {
    expect((await contact({ phone: '8 (90) 123 45 67' })).phones).toEqual(['+998901234567']);
  });

  it('a phone with the country code but no plus is stored as +998...', async () => {
    expect((await contact({ phone: '998 90 123 45 67' })).phones).toEqual(['+998901234567']);
  });

  it('an international phone keeps its country code as + and digits', async () => {
    expect((await contact({ phone: '+7 (916) 123-45-67' })).phones).toEqual(['+79161234567']);
  });

  it('a phone that is not a phone number answers validation_failed naming it, and nothing is created', async () => {
    const { status, body } = await create({ name: 'Aziz', phones: ['90 123 45 67', 'call me', '12345'] });
    expect(status).toBe(422);
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields).sort()).toEqual(['phones[1]', 'phones[2]']);
    expect((await list()).body.data).toEqual([]);
  });

  it('phone goes before phones', async () => {
    expect((await contact({ phones: ['+998 71 200 11 22'], phone: '90 123 45 67' })).phones).toEqual(['+998901234567', '+998712001122']);
  });

  it('the same phone in two spellings is kept once', async () => {
    expect((await contact({ phone: '90 123 45 67', phones: ['+998901234567', '8 90 123 45 67'] })).phones).toEqual(['+998901234567']);
  });

  it('more than 10 phones answers validation_failed under phones', async () => {
    const phones = Array.from({ length: 10 }, (_, index) => `90 123 45 ${String(index + 10)}`);
    const { status, body } = await create({ phone: '91 000 00 00', phones });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('phones');
    expect((await create({ phones })).status).toBe(201);
  });
});

describe('emails', () => {
  it('emails are lowercased and email goes before emails', async () => {
    const created = await contact({ emails: ['Second@Example.UZ'], email: 'First@Example.uz' });
    expect(created.emails).toEqual(['first@example.uz', 'second@example.uz']);
  });

  it('the same email in two cases is kept once', async () => {
    expect((await contact({ email: 'a@example.uz', emails: ['A@EXAMPLE.UZ'] })).emails).toEqual(['a@example.uz']);
  });

  it('more than 10 emails answers validation_failed under emails', async () => {
    const emails = Array.from({ length: 10 }, (_, index) => `user${index}@example.uz`);
    const { status, body } = await create({ email: 'one.more@example.uz', emails });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('emails');
  });
});

describe('names', () => {
  it('a contact without a name is named after its first phone', async () => {
    expect((await contact({ email: 'aziz@example.uz', phones: ['90 123 45 67', '91 765 43 21'] })).name).toBe('+998901234567');
  });

  it('a contact without a name or phone is named after its first email', async () => {
    expect((await contact({ emails: ['Aziz@Example.uz', 'b@example.uz'] })).name).toBe('aziz@example.uz');
  });

  it('a contact needs a name, a phone or an email: validation_failed otherwise', async () => {
    for (const body of [{}, { preferred_language: 'ru' }, { name: '   ' }, { name: '', phones: [], emails: [] }]) {
      const { status, body: answer } = await create(body);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(answer.error.code).toBe('validation_failed');
    }
    expect((await create({ name: '   ' })).body.error.fields).toHaveProperty('name');
    expect((await list()).body.data).toEqual([]);
  });

  it('a name is trimmed', async () => {
    expect((await contact({ name: '  Dilnoza Karimova ' })).name).toBe('Dilnoza Karimova');
  });
});

describe('creating a contact', () => {
  it('answers 201 with the contact, numbered, and sends contact.created with its summary', async () => {
    const { status, body } = await create({ name: 'Dilnoza', phone: '90 123 45 67', email: 'D@Example.uz', preferred_language: 'uz-Latn' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      number: 1,
      name: 'Dilnoza',
      preferred_language: 'uz-Latn',
      owner_id: null,
      owner: null,
      company_id: null,
      company: null,
      open_leads: 0,
      tags: [],
      custom: {},
    });
    expect(body.id).toMatch(/^ct_[0-9a-z]{26}$/);
    expect(body).not.toHaveProperty('deleted_at');
    expect(await events('contact.created')).toEqual([
      {
        id: body.id,
        object: 'contact',
        name: 'Dilnoza',
        phones: ['+998901234567'],
        emails: ['d@example.uz'],
        owner_id: null,
        company_id: null,
      },
    ]);
  });

  it('numbers count up per workspace', async () => {
    const numbers = [(await contact({ name: 'A' })).number, (await contact({ name: 'B' })).number];
    expect(numbers).toEqual([1, 2]);
  });

  it('a contact without preferred_language has an empty one', async () => {
    expect((await contact({ name: 'A' })).preferred_language).toBe('');
  });

  it('company_id links an existing company, shown as {id, name}, long prefix accepted', async () => {
    const company = (await createCompany('Orzu Textile')).body;
    const created = await contact({ name: 'A', company_id: company.id.replace(/^co_/, 'company_') });
    expect(created).toMatchObject({ company_id: company.id, company: { id: company.id, name: 'Orzu Textile' } });
  });

  it('company_id of no company or of a trashed company answers validation_failed under company_id', async () => {
    const company = (await createCompany('Gone LLC')).body;
    await call(setup.mock, 'DELETE', `/v1/companies/${company.id}`, { key: key() });
    for (const company_id of [company.id, `co_${'0'.repeat(26)}`]) {
      const { status, body } = await create({ name: 'A', company_id });
      expect(status).toBe(422);
      expect(body.error.fields).toHaveProperty('company_id');
    }
  });

  it('company_id needs companies:read too', async () => {
    const company = (await createCompany('Orzu')).body;
    const contactsOnly = await newKey(['contacts:write']);
    const { status, body } = await create({ name: 'A', company_id: company.id }, contactsOnly);
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: 'missing_scope', scope: 'companies:read' });
    expect((await create({ name: 'A' }, contactsOnly)).status).toBe(201);
  });

  it('owner_id names a member of the workspace, shown as {id, name}; another id answers validation_failed', async () => {
    const owner = member('manager');
    expect((await contact({ name: 'A', owner_id: owner.id })).owner).toEqual({ id: owner.id, name: owner.name });
    const { status, body } = await create({ name: 'A', owner_id: `mb_${'0'.repeat(26)}` });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('owner_id');
  });

  it('custom values follow the contact custom fields: normalized, unknown keys refused under custom.<key>', async () => {
    expect((await contact({ name: 'A', custom: { work_phone: '90 123 45 67' } })).custom).toEqual({ work_phone: '+998901234567' });
    const { status, body } = await create({ name: 'A', custom: { budget: 5 } });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('custom.budget');
  });

  it('tags are taken into the catalog, and more than 10 answers validation_failed under tags', async () => {
    expect((await contact({ name: 'A', tags: ['VIP client'] })).tags).toEqual(['VIP client']);
    const catalog = (await call(setup.mock, 'GET', '/v1/tags', { key: key() })).body.data.map((tag: any) => tag.name);
    expect(catalog).toContain('VIP client');
    const { status, body } = await create({ name: 'B', tags: Array.from({ length: 11 }, (_, index) => `t${index}`) });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('tags');
  });
});

describe('reading a contact', () => {
  it('finds it by id, by long-prefix id and by number', async () => {
    const created = await contact({ name: 'A' });
    for (const path of [created.id, created.id.replace(/^ct_/, 'contact_'), created.number]) {
      const { status, body } = await read(path);
      expect(status).toBe(200);
      expect(body).toEqual(created);
    }
  });

  it('a contact of another workspace answers 404 by id and by number', async () => {
    const created = await contact({ name: 'A' });
    workspace = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    for (const path of [created.id, created.number]) {
      const { status, body } = await read(path);
      expect(status).toBe(404);
      expect(body.error.code).toBe('not_found');
    }
  });

  it('open_leads counts leads of the contact in open stages, out of the trash', async () => {
    const created = await contact({ name: 'A' });
    const [sales, wholesale] = workspace.pipelines;
    const lead = (pipeline: any) =>
      call(setup.mock, 'POST', '/v1/leads', { key: key(), body: { contact_id: created.id, pipeline_id: pipeline.id } });
    const first = (await lead(sales)).body;
    const second = (await lead(wholesale)).body;
    expect((await read(created.id)).body.open_leads).toBe(2);
    const won = wholesale.stages.find((stage: any) => stage.type === 'won');
    await call(setup.mock, 'PATCH', `/v1/leads/${second.id}`, { key: key(), body: { stage_id: won.id } });
    expect((await read(created.id)).body.open_leads).toBe(1);
    await call(setup.mock, 'DELETE', `/v1/leads/${first.id}`, { key: key() });
    expect((await read(created.id)).body.open_leads).toBe(0);
  });

  it('shows the company by its name now, after a rename', async () => {
    const company = (await createCompany('Old name')).body;
    const created = await contact({ name: 'A', company_id: company.id });
    await call(setup.mock, 'PATCH', `/v1/companies/${company.id}`, { key: key(), body: { name: 'New name' } });
    expect((await read(created.id)).body.company).toEqual({ id: company.id, name: 'New name' });
  });
});

describe('updating a contact', () => {
  it('changes only the fields sent', async () => {
    const created = await contact({ name: 'A', phone: '90 123 45 67', email: 'a@example.uz', preferred_language: 'ru', tags: ['vip'] });
    const { status, body } = await patch(created.id, { name: 'B' });
    expect(status).toBe(200);
    expect(body).toEqual({ ...created, name: 'B', updated_at: body.updated_at });
  });

  it('phones, emails and tags replace the whole list', async () => {
    const created = await contact({ name: 'A', phones: ['90 123 45 67', '91 123 45 67'], emails: ['a@example.uz'], tags: ['vip', 'hot'] });
    const { body } = await patch(created.id, { phones: ['93 000 11 22'], emails: ['B@example.uz'], tags: ['cold'] });
    expect(body).toMatchObject({ phones: ['+998930001122'], emails: ['b@example.uz'], tags: ['cold'] });
  });

  it('phone and email are the one-item forms of phones and emails, going first', async () => {
    const created = await contact({ name: 'A', phones: ['90 123 45 67', '91 123 45 67'], emails: ['a@example.uz', 'b@example.uz'] });
    const { body } = await patch(created.id, { phone: '93 000 11 22', email: 'c@example.uz', emails: ['d@example.uz'] });
    expect(body).toMatchObject({ phones: ['+998930001122'], emails: ['c@example.uz', 'd@example.uz'] });
  });

  it('null clears company_id and owner_id', async () => {
    const company = (await createCompany('Orzu')).body;
    const created = await contact({ name: 'A', company_id: company.id, owner_id: member().id });
    const { body } = await patch(created.id, { company_id: null, owner_id: null });
    expect(body).toMatchObject({ company_id: null, company: null, owner_id: null, owner: null });
  });

  it('an emptied name falls back to the first phone or email', async () => {
    const created = await contact({ name: 'A', email: 'a@example.uz' });
    expect((await patch(created.id, { name: ' ', phone: '90 123 45 67' })).body.name).toBe('+998901234567');
    const bare = await contact({ name: 'B' });
    const { status, body } = await patch(bare.id, { name: '' });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('name');
  });

  it('a bad phone on PATCH answers validation_failed and changes nothing', async () => {
    const created = await contact({ name: 'A', phone: '90 123 45 67' });
    const { status, body } = await patch(created.id, { name: 'B', phones: ['nope'] });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('phones[0]');
    expect((await read(created.id)).body).toEqual(created);
  });

  it('contact.updated is sent once per changed field, with from, to and the owner', async () => {
    const created = await contact({ name: 'A', phone: '90 123 45 67', preferred_language: 'ru' });
    const owner = member();
    await patch(created.id, {
      name: 'B',
      phones: ['+998901234567'],
      emails: ['b@example.uz'],
      owner_id: owner.id,
      preferred_language: 'ru',
    });
    const sent = await events('contact.updated');
    const base = { id: created.id, object: 'contact', owner_id: owner.id };
    expect(sent.sort((a: any, b: any) => a.field.localeCompare(b.field))).toEqual([
      { ...base, field: 'emails', from: [], to: ['b@example.uz'] },
      { ...base, field: 'name', from: 'A', to: 'B' },
      { ...base, field: 'owner_id', from: null, to: owner.id },
    ]);
  });

  it('each changed custom value sends its own contact.updated named custom.<key>', async () => {
    const created = await contact({ name: 'A', custom: { tax_id: '123', loyalty_points: 5 } });
    await patch(created.id, { custom: { tax_id: null, loyalty_points: 5, birthday: '1991-04-12' } });
    const sent = await events('contact.updated');
    expect(sent.map((change: any) => [change.field, change.from, change.to]).sort()).toEqual([
      ['custom.birthday', null, '1991-04-12'],
      ['custom.tax_id', '123', null],
    ]);
  });

  it('contact.updated names an empty value null: preferred_language from "" is from null', async () => {
    const created = await contact({ name: 'A' });
    await patch(created.id, { preferred_language: 'en' });
    await patch(created.id, { preferred_language: '' });
    const sent = await events('contact.updated');
    expect(sent.map((change: any) => [change.field, change.from, change.to]).reverse()).toEqual([
      ['preferred_language', null, 'en'],
      ['preferred_language', 'en', null],
    ]);
    expect((await read(created.id)).body.preferred_language).toBe('');
  });

  it('a PATCH that changes nothing sends no event and keeps updated_at', async () => {
    const created = await contact({ name: 'A', phone: '90 123 45 67', tags: ['vip'] });
    await call(setup.mock, 'POST', `/_mock/workspaces/${workspace.workspace.id}/clock`, { body: { freeze: true, advance_seconds: 60 } });
    const { body } = await patch(created.id, { name: 'A', phones: ['8 90 123 45 67'], tags: ['vip'] });
    expect(body.updated_at).toBe(created.updated_at);
    expect(await events('contact.updated')).toEqual([]);
  });

  it('a change moves updated_at to the workspace time', async () => {
    const created = await contact({ name: 'A' });
    const clock = (
      await call(setup.mock, 'POST', `/_mock/workspaces/${workspace.workspace.id}/clock`, { body: { freeze: true, advance_seconds: 60 } })
    ).body;
    const { body } = await patch(created.id, { name: 'B' });
    expect(Date.parse(body.updated_at)).toBe(Date.parse(clock.now));
    expect(body.created_at).toBe(created.created_at);
  });
});

describe('trash and restore', () => {
  it('delete answers {ok: true, id}, by id or by number', async () => {
    const created = await contact({ name: 'A' });
    const { status, body } = await remove(created.number);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, id: created.id });
  });

  it('a trashed contact answers 410 gone with deleted_at', async () => {
    const created = await contact({ name: 'A' });
    await remove(created.id);
    for (const answer of [
      await read(created.id),
      await read(created.number),
      await patch(created.id, { name: 'B' }),
      await remove(created.id),
    ]) {
      expect(answer.status).toBe(410);
      expect(answer.body.error.code).toBe('gone');
      expect(Date.parse(answer.body.error.deleted_at)).not.toBeNaN();
    }
  });

  it('a trashed contact leaves lists', async () => {
    const [kept, trashed] = [await contact({ name: 'Kept' }), await contact({ name: 'Trashed' })];
    await remove(trashed.id);
    expect((await list()).body.data.map((found: any) => found.id)).toEqual([kept.id]);
  });

  it('restore keeps the number and brings the contact back into lists', async () => {
    const created = await contact({ name: 'A' });
    await remove(created.id);
    await contact({ name: 'B' });
    const { status, body } = await restore(created.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: created.id, number: created.number, name: 'A' });
    expect((await read(created.number)).body.id).toBe(created.id);
    expect((await list()).body.data.map((found: any) => found.id)).toContain(created.id);
  });

  it('restore of an unknown contact answers 404', async () => {
    expect((await restore(`ct_${'0'.repeat(26)}`)).status).toBe(404);
    expect((await restore(99)).status).toBe(404);
  });
});

describe('listing contacts', () => {
  it('lists newest first, and pages stay stable when contacts are created between pages', async () => {
    const [a, b, c] = [await contact({ name: 'A' }), await contact({ name: 'B' }), await contact({ name: 'C' })];
    const first = (await list('?limit=2')).body;
    expect(first.data.map((found: any) => found.id)).toEqual([c.id, b.id]);
    await contact({ name: 'D' });
    const second = (await list(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).body;
    expect(second).toEqual({ data: [a], next_cursor: null });
  });

  it('company filters by company id, long prefix accepted, newest first', async () => {
    const [orzu, other] = [(await createCompany('Orzu')).body, (await createCompany('Other')).body];
    const first = await contact({ name: 'A', company_id: orzu.id });
    await contact({ name: 'B', company_id: other.id });
    const second = await contact({ name: 'C', company_id: orzu.id });
    await contact({ name: 'D' });
    const { body } = await list(`?company=${orzu.id.replace(/^co_/, 'company_')}`);
    expect(body.data.map((found: any) => found.id)).toEqual([second.id, first.id]);
  });

  it('company filter pages with a cursor', async () => {
    const orzu = (await createCompany('Orzu')).body;
    const ids = [];
    for (const name of ['A', 'B', 'C']) ids.push((await contact({ name, company_id: orzu.id })).id);
    const first = (await list(`?company=${orzu.id}&limit=2`)).body;
    const second = (await list(`?company=${orzu.id}&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).body;
    expect([...first.data, ...second.data].map((found: any) => found.id)).toEqual(ids.reverse());
    expect(second.next_cursor).toBeNull();
  });

  it('a company filter that is not a company id answers validation_failed', async () => {
    const { status, body } = await list('?company=nope');
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('company');
  });

  it('q finds by name ignoring case, and by email', async () => {
    const dilnoza = await contact({ name: 'Dilnoza Karimova' });
    const aziz = await contact({ name: 'Aziz', email: 'aziz@orzu.example' });
    await contact({ name: 'Other' });
    expect((await list('?q=KARIM')).body.data.map((found: any) => found.id)).toEqual([dilnoza.id]);
    expect((await list('?q=orzu.example')).body.data.map((found: any) => found.id)).toEqual([aziz.id]);
  });

  it('q finds by phone digits in any spelling, and by the whole number written with 00', async () => {
    const found = await contact({ name: 'A', phone: '90 123 45 67' });
    const russian = await contact({ name: 'B', phone: '+7 916 123 45 00' });
    for (const q of ['1234567', '8 90 123-45-67', '+998901234567']) {
      expect(
        (await list(`?q=${encodeURIComponent(q)}`)).body.data.map((one: any) => one.id),
        q,
      ).toEqual([found.id]);
    }
    expect((await list(`?q=${encodeURIComponent('00 7 916 123-45-00')}`)).body.data.map((one: any) => one.id)).toEqual([russian.id]);
  });
});

describe('lookups', () => {
  it('a contact is found under every phone and email it has now, and by company', async () => {
    const company = (await createCompany('Orzu')).body;
    const created = await contact({ name: 'A', phones: ['90 123 45 67', '91 123 45 67'], email: 'a@example.uz', company_id: company.id });
    expect(tables().contacts.firstBy('phone', '+998911234567')?.id).toBe(created.id);
    expect(tables().contacts.firstBy('email', 'a@example.uz')?.id).toBe(created.id);
    expect(tables().contacts.firstBy('company', company.id)?.id).toBe(created.id);
    await patch(created.id, { phones: ['93 000 11 22'] });
    expect(tables().contacts.firstBy('phone', '+998901234567')).toBeUndefined();
    expect(tables().contacts.firstBy('phone', '+998930001122')?.id).toBe(created.id);
  });
});
