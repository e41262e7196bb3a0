// Leads (spec 2.3, 3, 4.2): defaults on create, numbers, trash and restore, filters and paging,
// the board, and every stage move with its events.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let workspace: any;
beforeAll(async () => {
  setup = await setUpMock();
});
beforeEach(async () => {
  // One mock, a fresh workspace per test: workspaces share nothing.
  workspace = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: { currency: 'USD' } })).body;
});

const key = () => workspace.api_key as string;
const [sales, wholesale] = [() => workspace.pipelines[0], () => workspace.pipelines[1]];
const stageOf = (pipeline: any, type: string, index = 0) => pipeline.stages.filter((stage: any) => stage.type === type)[index];

async function create(body: Record<string, unknown> = {}) {
  return call(setup.mock, 'POST', '/v1/leads', { key: key(), body });
}

async function patch(id: string, body: Record<string, unknown>) {
  return call(setup.mock, 'PATCH', `/v1/leads/${id}`, { key: key(), body });
}

async function events(type: string) {
  return (await call(setup.mock, 'GET', `/_mock/workspaces/${workspace.workspace.id}/events?type=${type}`)).body.data;
}

describe('creating a lead', () => {
  it('without pipeline or stage puts it in the first stage of the first pipeline', async () => {
    const { status, body } = await create({ name: 'Kitchen set' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ pipeline_id: sales().id, stage_id: sales().stages[0].id, amount: 0, closed_at: null });
  });

  it("with only a pipeline puts it in that pipeline's first stage", async () => {
    const { body } = await create({ pipeline_id: wholesale().id });
    expect(body.stage_id).toBe(wholesale().stages[0].id);
  });

  it('with a stage of another pipeline answers validation_failed under stage_id', async () => {
    const { status, body } = await create({ pipeline_id: sales().id, stage_id: wholesale().stages[1].id });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('stage_id');
  });

  it('accepts long id prefixes on input and answers short ones', async () => {
    const { body } = await create({ pipeline_id: sales().id.replace(/^pl_/, 'pipeline_') });
    expect(body.pipeline_id).toBe(sales().id);
  });

  it('without a name is named after its number', async () => {
    const { body } = await create({ name: '   ' });
    expect(body.name).toBe(`Lead #${body.number}`);
  });

  it("without a currency takes the workspace's", async () => {
    expect((await create()).body.currency).toBe('USD');
  });

  it('with an API key has no owner unless one is set', async () => {
    expect((await create()).body).toMatchObject({ owner_id: null, owner: null });
    const manager = workspace.members.find((member: any) => member.role === 'manager');
    expect((await create({ owner_id: manager.id })).body.owner).toEqual({ id: manager.id, name: manager.name });
  });

  it('with an owner who is no member answers validation_failed under owner_id', async () => {
    const { status, body } = await create({ owner_id: `mb_${'0'.repeat(26)}` });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('owner_id');
  });

  it('in a workspace without pipelines answers no_pipeline', async () => {
    const { tables } = setup.mock.state.workspaces.get(workspace.workspace.id)!;
    for (const pipeline of [...tables.pipelines.values()]) tables.pipelines.remove(pipeline.id);
    const { status, body } = await create();
    expect([409, 422]).toContain(status);
    expect(body.error.code).toBe('no_pipeline');
  });

  it('in a workspace without pipelines the board is empty, not an error', async () => {
    const { tables } = setup.mock.state.workspaces.get(workspace.workspace.id)!;
    for (const pipeline of [...tables.pipelines.values()]) tables.pipelines.remove(pipeline.id);
    const board = await call(setup.mock, 'GET', '/v1/leads/board', { key: key() });
    expect([board.status, board.body]).toEqual([200, { pipeline_id: null, data: [] }]);
    const named = await call(setup.mock, 'GET', `/v1/leads/board?pipeline=${sales().id}`, { key: key() });
    expect([named.status, Object.keys(named.body.error.fields)]).toEqual([422, ['pipeline']]);
  });

  it('sends lead.created with a summary that names records by id', async () => {
    const { body } = await create({ name: 'Sofa', amount: 250_000 });
    const [event] = await events('lead.created');
    expect(event).toMatchObject({
      object: 'event',
      type: 'lead.created',
      workspace_id: workspace.workspace.id,
      actor: { type: 'api_key' },
    });
    expect(event.data.object).toMatchObject({ id: body.id, object: 'lead', name: 'Sofa', amount: 250_000, stage_id: body.stage_id });
    expect(event.data.object).not.toHaveProperty('number');
  });
});

describe('record numbers', () => {
  it('count up per workspace from 1, each workspace on its own', async () => {
    const first = (await create()).body.number;
    const second = (await create()).body.number;
    expect([first, second]).toEqual([1, 2]);
    const other = (await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: {} })).body.number;
    expect(other).toBe(1);
  });

  it('are never given twice, not even after a lead is deleted', async () => {
    const { body: lead } = await create();
    await call(setup.mock, 'DELETE', `/v1/leads/${lead.id}`, { key: key() });
    expect((await create()).body.number).toBe(lead.number + 1);
  });

  it('find the lead in the path, like its id with either prefix', async () => {
    const { body: lead } = await create({ name: 'By number' });
    for (const ref of [String(lead.number), lead.id, lead.id.replace(/^ld_/, 'lead_')]) {
      expect((await call(setup.mock, 'GET', `/v1/leads/${ref}`, { key: key() })).body.name).toBe('By number');
    }
  });

  it("of another workspace's lead answer 404, by number and by id", async () => {
    const { body: lead } = await create();
    const other = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body.api_key;
    for (const ref of [String(lead.number), lead.id]) {
      const answer = await call(setup.mock, 'GET', `/v1/leads/${ref}`, { key: other });
      expect(answer.status).toBe(404);
    }
  });
});

describe('trash and restore', () => {
  it('a deleted lead answers 410 gone with deleted_at and leaves the list', async () => {
    const { body: lead } = await create();
    const deleted = await call(setup.mock, 'DELETE', `/v1/leads/${lead.id}`, { key: key() });
    expect(deleted.body).toEqual({ ok: true, id: lead.id });
    const read = await call(setup.mock, 'GET', `/v1/leads/${lead.id}`, { key: key() });
    expect(read.status).toBe(410);
    expect(read.body.error.deleted_at).toMatch(/^\d{4}-/);
    expect((await call(setup.mock, 'GET', '/v1/leads', { key: key() })).body.data).toEqual([]);
  });

  it('restore brings the lead back with its number', async () => {
    const { body: lead } = await create();
    await create();
    await call(setup.mock, 'DELETE', `/v1/leads/${lead.id}`, { key: key() });
    const restored = await call(setup.mock, 'POST', `/v1/leads/${lead.number}/restore`, { key: key() });
    expect(restored.body).toMatchObject({ id: lead.id, number: lead.number });
    expect((await call(setup.mock, 'GET', '/v1/leads', { key: key() })).body.data).toHaveLength(2);
  });
});

describe('moving a lead between stages', () => {
  it('sets stage_entered_at and sends lead.stage_changed with from, to, pipeline_id and the stage types', async () => {
    await setClock('2026-11-22T09:00:00Z');
    const { body: lead } = await create();
    await setClock('2026-11-22T10:00:00Z');
    const to = sales().stages[1];
    const { body: moved } = await patch(lead.id, { stage_id: to.id });
    expect(moved.stage_entered_at).toBe('2026-11-22T10:00:00.000Z');
    const [event] = await events('lead.stage_changed');
    expect(event.data.object).toEqual({
      id: lead.id,
      object: 'lead',
      from: lead.stage_id,
      to: to.id,
      pipeline_id: sales().id,
      from_type: 'open',
      to_type: 'open',
    });
  });

  it('into a won stage closes it with closed_at and sends lead.won', async () => {
    const { body: lead } = await create();
    const { body: won } = await patch(lead.id, { stage_id: stageOf(sales(), 'won').id });
    expect(won.closed_at).not.toBeNull();
    expect((await events('lead.won'))[0].data.object).toMatchObject({ id: lead.id, closed_at: won.closed_at, loss_reason: null });
  });

  it('into a lost stage without loss_reason answers validation_failed and changes nothing', async () => {
    const { body: lead } = await create();
    const { status, body } = await patch(lead.id, { stage_id: stageOf(sales(), 'lost').id, name: 'Renamed' });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('loss_reason');
    expect((await call(setup.mock, 'GET', `/v1/leads/${lead.id}`, { key: key() })).body).toMatchObject({
      name: lead.name,
      stage_id: lead.stage_id,
    });
    expect(await events('lead.stage_changed')).toEqual([]);
  });

  it('into a lost stage with loss_reason closes it and sends lead.lost with the reason', async () => {
    const { body: lead } = await create();
    const { body: lost } = await patch(lead.id, { stage_id: stageOf(sales(), 'lost').id, loss_reason: 'Too expensive' });
    expect(lost).toMatchObject({ loss_reason: 'Too expensive' });
    expect((await events('lead.lost'))[0].data.object).toMatchObject({ id: lead.id, loss_reason: 'Too expensive' });
  });

  it('back into an open stage reopens it: closed_at becomes null', async () => {
    const { body: lead } = await create();
    await patch(lead.id, { stage_id: stageOf(sales(), 'won').id });
    const { body: reopened } = await patch(lead.id, { stage_id: sales().stages[0].id });
    expect(reopened.closed_at).toBeNull();
  });

  it('to another pipeline with only pipeline_id lands in its first stage', async () => {
    const { body: lead } = await create();
    const { body: moved } = await patch(lead.id, { pipeline_id: wholesale().id });
    expect(moved).toMatchObject({ pipeline_id: wholesale().id, stage_id: wholesale().stages[0].id });
  });

  it('a PATCH that fails leaves the lead and the events as they were (no half-applied change)', async () => {
    const { body: lead } = await create({ name: 'Before' });
    const { status } = await patch(lead.id, { name: 'After', stage_id: sales().stages[1].id, owner_id: `mb_${'0'.repeat(26)}` });
    expect(status).toBe(422);
    expect((await call(setup.mock, 'GET', `/v1/leads/${lead.id}`, { key: key() })).body).toMatchObject({
      name: 'Before',
      stage_id: lead.stage_id,
    });
    expect(await events('lead.stage_changed')).toEqual([]);
  });

  it('null clears the owner', async () => {
    const manager = workspace.members.find((member: any) => member.role === 'manager');
    const { body: lead } = await create({ owner_id: manager.id });
    expect((await patch(lead.id, { owner_id: null })).body).toMatchObject({ owner_id: null, owner: null });
  });
});

describe('listing leads', () => {
  it('is newest first and pages stay stable while leads are added', async () => {
    for (let i = 1; i <= 5; i++) await create({ name: `L${i}` });
    const first = (await call(setup.mock, 'GET', '/v1/leads?limit=2', { key: key() })).body;
    await create({ name: 'L6' });
    const second = (await call(setup.mock, 'GET', `/v1/leads?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`, { key: key() }))
      .body;
    expect([...first.data, ...second.data].map((lead: any) => lead.name)).toEqual(['L5', 'L4', 'L3', 'L2']);
  });

  it('has summary {count, sum} over every matching lead on the first page only', async () => {
    for (const amount of [100, 200, 300]) await create({ amount });
    const first = (await call(setup.mock, 'GET', '/v1/leads?limit=1', { key: key() })).body;
    expect(first.summary).toEqual({ count: 3, sum: 600 });
    const next = (await call(setup.mock, 'GET', `/v1/leads?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`, { key: key() })).body;
    expect(next).not.toHaveProperty('summary');
  });

  it('answers invalid_cursor for a changed cursor', async () => {
    for (let i = 0; i < 3; i++) await create();
    const { next_cursor } = (await call(setup.mock, 'GET', '/v1/leads?limit=1', { key: key() })).body;
    const changed = next_cursor.slice(0, -2) + (next_cursor.endsWith('AA') ? 'BB' : 'AA');
    const answer = await call(setup.mock, 'GET', `/v1/leads?limit=1&cursor=${encodeURIComponent(changed)}`, { key: key() });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_cursor');
  });

  it('filters by status, owner (me, unassigned) and stage', async () => {
    const me = setup.mock.state.workspaces.get(workspace.workspace.id)!.apiKeys.values().next().value!.memberId;
    const { body: mine } = await create({ owner_id: me });
    const { body: won } = await create();
    await patch(won.id, { stage_id: stageOf(sales(), 'won').id });
    const list = async (query: string) =>
      (await call(setup.mock, 'GET', `/v1/leads?${query}`, { key: key() })).body.data.map((lead: any) => lead.id);
    expect(await list('status=closed')).toEqual([won.id]);
    expect(await list('status=open')).toEqual([mine.id]);
    expect(await list('owner=me')).toEqual([mine.id]);
    expect(await list('owner=unassigned')).toEqual([won.id]);
    expect(await list(`stage=${sales().stages[0].id}`)).toEqual([mine.id]);
  });

  it('q with a number finds that lead; other text searches names', async () => {
    const { body: sofa } = await create({ name: 'Blue sofa' });
    await create({ name: 'Kitchen' });
    const list = async (q: string) =>
      (await call(setup.mock, 'GET', `/v1/leads?q=${encodeURIComponent(q)}`, { key: key() })).body.data.map((lead: any) => lead.name);
    expect(await list(String(sofa.number))).toEqual(['Blue sofa']);
    expect(await list('#1')).toEqual(['Blue sofa']);
    expect(await list('SOFA')).toEqual(['Blue sofa']);
  });

  it("q finds a lead by its contact's phone written any way, and text with a digit in it is no phone number", async () => {
    const { body: contact } = await call(setup.mock, 'POST', '/v1/contacts', {
      key: key(),
      body: { name: 'Aziza', phones: ['+998901234567'] },
    });
    await create({ name: 'Wardrobe', contact_id: contact.id });
    await create({ name: 'Shelf' });
    const list = async (q: string) =>
      (await call(setup.mock, 'GET', `/v1/leads?q=${encodeURIComponent(q)}`, { key: key() })).body.data.map((lead: any) => lead.name);
    expect(await list('90 123-45-67')).toEqual(['Wardrobe']);
    expect(await list('+998 (90) 123')).toEqual(['Wardrobe']);
    expect(await list('runxyz9')).toEqual([]);
  });

  it('shows each lead as it is now, also after the page was read: its owner, contact and company renamed, itself changed', async () => {
    const ws = workspace.workspace.id;
    const owner = workspace.members.find((member: any) => member.role === 'owner');
    const { body: contact } = await call(setup.mock, 'POST', '/v1/contacts', {
      key: key(),
      body: { name: 'Aziza', phones: ['+998901234567'] },
    });
    const { body: company } = await call(setup.mock, 'POST', '/v1/companies', { key: key(), body: { name: 'Mebel LLC' } });
    const { body: lead } = await create({ name: 'Sofa', contact_id: contact.id, company_id: company.id, owner_id: owner.id });
    const listed = async () => (await call(setup.mock, 'GET', '/v1/leads', { key: key() })).body.data[0];
    const read = async () => (await call(setup.mock, 'GET', `/v1/leads/${lead.id}`, { key: key() })).body;
    expect(await listed()).toEqual(await read());

    const cookie = (await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/sessions`, { body: { member_id: owner.id } })).body.cookie;
    await call(setup.mock, 'PATCH', `/v1/members/${owner.id}`, { headers: { Cookie: cookie }, body: { name: 'Dilnoza' } });
    expect(await listed()).toMatchObject({ owner: { name: 'Dilnoza' } });
    await call(setup.mock, 'PATCH', `/v1/contacts/${contact.id}`, { key: key(), body: { name: 'Aziza K.' } });
    expect(await listed()).toMatchObject({ contact: { name: 'Aziza K.' } });
    await call(setup.mock, 'PATCH', `/v1/companies/${company.id}`, { key: key(), body: { name: 'Mebel Group' } });
    expect(await listed()).toMatchObject({ company: { name: 'Mebel Group' } });
    await patch(lead.id, { amount: 500 });
    expect(await listed()).toMatchObject({ amount: 500 });
    expect(await listed()).toEqual(await read());
  });

  it('sort=position lists in board order', async () => {
    await create({ name: 'third', position: 3 });
    await create({ name: 'first', position: 1 });
    await create({ name: 'second', position: 2 });
    const { data } = (await call(setup.mock, 'GET', '/v1/leads?sort=position', { key: key() })).body;
    expect(data.map((lead: any) => lead.name)).toEqual(['first', 'second', 'third']);
  });
});

describe('the board', () => {
  it('shows every stage of the first pipeline with count, sum and its first leads in order', async () => {
    await create({ amount: 10, position: 2, name: 'b' });
    await create({ amount: 5, position: 1, name: 'a' });
    await create({ pipeline_id: wholesale().id, amount: 99 });
    const board = (await call(setup.mock, 'GET', '/v1/leads/board?limit=1', { key: key() })).body;
    expect(board.pipeline_id).toBe(sales().id);
    expect(board.data.map((column: any) => column.stage_id)).toEqual(sales().stages.map((stage: any) => stage.id));
    expect(board.data[0]).toMatchObject({ count: 2, sum: 15 });
    expect(board.data[0].leads.map((lead: any) => lead.name)).toEqual(['a']);
  });
});

async function setClock(at: string) {
  await call(setup.mock, 'POST', `/_mock/workspaces/${workspace.workspace.id}/clock`, { body: { freeze: true, set: at } });
}

describe('product lines of a lead', () => {
  async function product(price = 1000) {
    return (await call(setup.mock, 'POST', '/v1/products', { key: key(), body: { name: 'Chair', price, vat_percent: 12 } })).body;
  }

  it('take the product name and price, and total quantity × price less the discount', async () => {
    const { body: lead } = await create();
    const chair = await product(1000);
    const { status, body: line } = await call(setup.mock, 'POST', `/v1/leads/${lead.id}/products`, {
      key: key(),
      body: { product_id: chair.id, quantity: 3, discount_percent: 10 },
    });
    expect(status).toBe(201);
    expect(line).toMatchObject({ product_id: chair.id, name: 'Chair', price: 1000, vat_percent: 12, amount: 2700 });
    const changed = await call(setup.mock, 'PATCH', `/v1/leads/${lead.id}/products/${line.id}`, { key: key(), body: { quantity: 1 } });
    expect(changed.body.amount).toBe(900);
  });

  it('keep their price when the catalog product changes', async () => {
    const { body: lead } = await create();
    const chair = await product(1000);
    await call(setup.mock, 'POST', `/v1/leads/${lead.id}/products`, { key: key(), body: { product_id: chair.id, quantity: 1 } });
    await call(setup.mock, 'PATCH', `/v1/products/${chair.id}`, { key: key(), body: { price: 5000 } });
    const { data } = (await call(setup.mock, 'GET', `/v1/leads/${lead.id}/products`, { key: key() })).body;
    expect(data[0].price).toBe(1000);
  });

  it('stop at 200: the 201st answers limit_reached with key lead_products', async () => {
    const { body: lead } = await create();
    const chair = await product();
    for (let i = 0; i < 200; i++)
      await call(setup.mock, 'POST', `/v1/leads/${lead.id}/products`, { key: key(), body: { product_id: chair.id, quantity: 1 } });
    const over = await call(setup.mock, 'POST', `/v1/leads/${lead.id}/products`, {
      key: key(),
      body: { product_id: chair.id, quantity: 1 },
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: 'limit_reached', key: 'lead_products', limit: 200, used: 200 });
  });

  it("of another lead answer 404 through this lead's path", async () => {
    const { body: first } = await create();
    const { body: second } = await create();
    const chair = await product();
    const { body: line } = await call(setup.mock, 'POST', `/v1/leads/${first.id}/products`, {
      key: key(),
      body: { product_id: chair.id, quantity: 1 },
    });
    const answer = await call(setup.mock, 'DELETE', `/v1/leads/${second.id}/products/${line.id}`, { key: key() });
    expect(answer.status).toBe(404);
    expect((await call(setup.mock, 'DELETE', `/v1/leads/${first.id}/products/${line.id}`, { key: key() })).body).toEqual({
      ok: true,
      id: line.id,
    });
  });
});

describe('a lead with a new contact', () => {
  it('creates the contact too, normalized, and links it', async () => {
    const { status, body: lead } = await create({ contact: { name: 'Aziz Rahimov', phone: '8 90 123-45-67' } });
    expect(status).toBe(201);
    expect(lead.contact).toMatchObject({ name: 'Aziz Rahimov', phones: ['+998901234567'] });
    const contact = (await call(setup.mock, 'GET', `/v1/contacts/${lead.contact_id}`, { key: key() })).body;
    expect(contact.open_leads).toBe(1);
    expect((await events('contact.created')).map((event: any) => event.data.object.id)).toEqual([lead.contact_id]);
  });

  it('needs contacts:write as well', async () => {
    const readOnlyContacts = (
      await call(setup.mock, 'POST', `/_mock/workspaces/${workspace.workspace.id}/api-keys`, { body: { scopes: ['leads:write'] } })
    ).body.key;
    const answer = await call(setup.mock, 'POST', '/v1/leads', { key: readOnlyContacts, body: { contact: { name: 'Aziz' } } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'missing_scope', scope: 'contacts:write' });
  });

  it('with a bad phone answers validation_failed under contact.phone and creates nothing', async () => {
    const { status, body } = await create({ contact: { phone: 'call me' } });
    expect(status).toBe(422);
    expect(Object.keys(body.error.fields)).toEqual(['contact.phone']);
    expect((await call(setup.mock, 'GET', '/v1/contacts', { key: key() })).body.data).toEqual([]);
  });

  it('answers duplicate_lead when the contact already has an open lead in the pipeline', async () => {
    const { body: first } = await create({ contact: { name: 'Malika' } });
    const again = await create({ contact_id: first.contact_id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('duplicate_lead');
    expect((await create({ contact_id: first.contact_id, pipeline_id: wholesale().id })).status).toBe(201);
  });

  it('a PATCH that would give the contact a second open lead in a pipeline answers duplicate_lead and changes nothing', async () => {
    const { body: first } = await create({ contact: { name: 'Malika' } });
    const { body: other } = await create({ contact: { name: 'Bobur' } });
    const named = await patch(other.id, { contact_id: first.contact_id });
    expect([named.status, named.body.error.code]).toEqual([409, 'duplicate_lead']);
    const { body: elsewhere } = await create({ contact_id: first.contact_id, pipeline_id: wholesale().id });
    const movedIn = await patch(elsewhere.id, { pipeline_id: sales().id });
    expect([movedIn.status, movedIn.body.error.code]).toEqual([409, 'duplicate_lead']);
    expect((await patch(first.id, { stage_id: stageOf(sales(), 'won').id })).status).toBe(200);
    expect((await create({ contact_id: first.contact_id })).status).toBe(201);
    const reopened = await patch(first.id, { stage_id: stageOf(sales(), 'open').id });
    expect([reopened.status, reopened.body.error.code]).toEqual([409, 'duplicate_lead']);
    const read = async (id: string) => (await call(setup.mock, 'GET', `/v1/leads/${id}`, { key: key() })).body;
    expect((await read(other.id)).contact_id).toBe(other.contact_id);
    expect((await read(elsewhere.id)).pipeline_id).toBe(wholesale().id);
    expect((await read(first.id)).stage_id).toBe(stageOf(sales(), 'won').id);
  });

  it('a bad tag name answers validation_failed under tags, not under its item (spec 4.4)', async () => {
    const { body: lead } = await create({ tags: ['vip'] });
    for (const bad of ['vip,hot', 'n'.repeat(33), '  ']) {
      for (const answer of [await create({ tags: ['ok', bad] }), await patch(lead.id, { tags: ['vip', bad] })]) {
        expect([answer.status, Object.keys(answer.body.error.fields)]).toEqual([422, ['tags']]);
      }
    }
    expect((await call(setup.mock, 'GET', `/v1/leads/${lead.id}`, { key: key() })).body.tags).toEqual(['vip']);
  });

  it('an open lead restored beside another open lead of its contact in the pipeline answers duplicate_lead and stays in the trash', async () => {
    const { body: first } = await create({ contact: { name: 'Malika' } });
    expect((await call(setup.mock, 'DELETE', `/v1/leads/${first.id}`, { key: key() })).status).toBe(200);
    expect((await create({ contact_id: first.contact_id })).status).toBe(201);
    const restored = await call(setup.mock, 'POST', `/v1/leads/${first.id}/restore`, { key: key() });
    expect([restored.status, restored.body.error.code]).toEqual([409, 'duplicate_lead']);
    expect((await call(setup.mock, 'GET', `/v1/leads/${first.id}`, { key: key() })).status).toBe(410);
  });

  it('a PATCH of an open lead that keeps its contact and pipeline is not refused for it', async () => {
    const { body: first } = await create({ contact: { name: 'Malika' } });
    expect((await patch(first.id, { name: 'Renamed', stage_id: stageOf(sales(), 'open', 1).id })).status).toBe(200);
  });
});

describe('additional contacts of a lead', () => {
  async function contact(name: string) {
    return (await call(setup.mock, 'POST', '/v1/contacts', { key: key(), body: { name } })).body;
  }

  it('are listed in the order added, and adding one twice changes nothing (200)', async () => {
    const { body: lead } = await create();
    const [first, second] = [await contact('First'), await contact('Second')];
    const path = `/v1/leads/${lead.id}/contacts`;
    expect((await call(setup.mock, 'POST', path, { key: key(), body: { contact_id: first.id } })).status).toBe(201);
    expect((await call(setup.mock, 'POST', path, { key: key(), body: { contact_id: second.id } })).status).toBe(201);
    expect((await call(setup.mock, 'POST', path, { key: key(), body: { contact_id: first.id } })).status).toBe(200);
    const listed = (await call(setup.mock, 'GET', path, { key: key() })).body.data.map((item: any) => item.name);
    expect(listed).toEqual(['First', 'Second']);
  });

  it('stop at 50: the 51st answers limit_reached with key lead_contacts', async () => {
    const { body: lead } = await create();
    const path = `/v1/leads/${lead.id}/contacts`;
    for (let i = 0; i < 50; i++) await call(setup.mock, 'POST', path, { key: key(), body: { contact_id: (await contact(`C${i}`)).id } });
    const over = await call(setup.mock, 'POST', path, { key: key(), body: { contact_id: (await contact('Too many')).id } });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: 'limit_reached', key: 'lead_contacts', limit: 50, used: 50 });
  });

  it('are removed by id or number, the contact itself staying; one not on the lead is 404', async () => {
    const { body: lead } = await create();
    const kept = await contact('Kept');
    const path = `/v1/leads/${lead.id}/contacts`;
    await call(setup.mock, 'POST', path, { key: key(), body: { contact_id: kept.id } });
    expect((await call(setup.mock, 'DELETE', `${path}/${kept.number}`, { key: key() })).body).toEqual({ ok: true, id: kept.id });
    expect((await call(setup.mock, 'GET', path, { key: key() })).body.data).toEqual([]);
    expect((await call(setup.mock, 'GET', `/v1/contacts/${kept.id}`, { key: key() })).status).toBe(200);
    expect((await call(setup.mock, 'DELETE', `${path}/${kept.id}`, { key: key() })).status).toBe(404);
  });

  it('must be live contacts of the workspace (422 under contact_id)', async () => {
    const { body: lead } = await create();
    const gone = await contact('Gone');
    await call(setup.mock, 'DELETE', `/v1/contacts/${gone.id}`, { key: key() });
    const answer = await call(setup.mock, 'POST', `/v1/leads/${lead.id}/contacts`, { key: key(), body: { contact_id: gone.id } });
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields).toHaveProperty('contact_id');
  });
});
