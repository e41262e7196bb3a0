// Timelines and notes (spec 2.6, 4.5, 6.4, 7.3, 8): the items each write path records (changes,
// stage moves, tasks), their order (pinned notes first, then newest first), `kinds`, paging,
// `actor`, `editable` and `deletable` for the caller, and the note routes with their rules.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let created: any;
beforeAll(async () => {
  setup = await setUpMock();
});
beforeEach(async () => {
  // A fresh workspace per test, its clock frozen, so that "24 hours" is clock time only.
  created = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  await setClock({ freeze: true, set: NOON });
});

const NOON = '2027-03-10T12:00:00Z';
const HOUR = 3600;
const key = () => created.api_key as string;
const wsId = () => created.workspace.id as string;
const memberOf = (role: string) => created.members.find((member: any) => member.role === role);
const pipeline = () => created.pipelines[0];
const stageOf = (type: string, index = 0) => pipeline().stages.filter((stage: any) => stage.type === type)[index];

async function setClock(body: Record<string, unknown>) {
  return call(setup.mock, 'POST', `/_mock/workspaces/${wsId()}/clock`, { body });
}

async function apiKey(scopes: string[]) {
  const answer = await call(setup.mock, 'POST', `/_mock/workspaces/${wsId()}/api-keys`, { body: { scopes } });
  expect(answer.status).toBe(201);
  return answer.body.key as string;
}

/** An OAuth access token acting for `memberId` (what an app installed by that member holds). */
function memberToken(memberId: string, scopes = ['leads:write', 'contacts:write', 'companies:write', 'notes:write']) {
  const token = `svc_at_${crypto.randomUUID().replaceAll('-', '')}`;
  setup.mock.state.addAccessToken({
    token,
    workspaceId: wsId(),
    installationId: setup.mock.state.workspaces.get(wsId())!.newId('installation'),
    appId: setup.mock.state.workspaces.get(wsId())!.newId('app'),
    appName: 'Test app',
    scopes,
    memberId,
    expiresAt: '2099-01-01T00:00:00Z',
    revokedAt: null,
  });
  return token;
}

async function createOk(path: string, body: Record<string, unknown>, options: { key?: string } = {}) {
  const answer = await call(setup.mock, 'POST', path, { key: options.key ?? key(), body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const newLead = (body: Record<string, unknown> = {}) => createOk('/v1/leads', { name: 'Kitchen set', ...body });
const newContact = (body: Record<string, unknown> = {}) => createOk('/v1/contacts', { name: 'Aziza', phone: '+998901112233', ...body });

async function patch(path: string, body: Record<string, unknown>) {
  const answer = await call(setup.mock, 'PATCH', path, { key: key(), body });
  return answer;
}

async function timeline(type: string, id: string, query = '', options: { key?: string } = {}) {
  return call(setup.mock, 'GET', `/v1/timeline?entity_type=${type}&entity_id=${id}${query}`, { key: options.key ?? key() });
}

async function items(type: string, id: string, query = '', options: { key?: string } = {}) {
  const answer = await timeline(type, id, query, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as any[];
}

async function addNote(entityType: string, entityId: string, text: string, options: { key?: string; mentions?: string[] } = {}) {
  const body: Record<string, unknown> = { entity_type: entityType, entity_id: entityId, text };
  if (options.mentions) body.mentions = options.mentions;
  return call(setup.mock, 'POST', '/v1/notes', { key: options.key ?? key(), body });
}

async function note(entityType: string, entityId: string, text: string, options: { key?: string; mentions?: string[] } = {}) {
  const answer = await addNote(entityType, entityId, text, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function events(type: string) {
  return (await call(setup.mock, 'GET', `/_mock/workspaces/${wsId()}/events?type=${type}`)).body.data;
}

const texts = (list: any[]) => list.filter((item) => item.kind === 'note').map((item) => item.data.text);

describe('what the timeline shows', () => {
  it("a lead's timeline starts with the stage it was created in, from null", async () => {
    const lead = await newLead();
    const [entered] = await items('lead', lead.id, '&kinds=stage');
    expect(entered.data).toEqual({ from: null, to: lead.stage_id, pipeline_id: lead.pipeline_id });
  });

  it("a lead's timeline shows its stage move with from, to and pipeline_id", async () => {
    const lead = await newLead();
    const to = pipeline().stages.find((stage: any) => stage.type === 'open' && stage.id !== lead.stage_id);
    expect((await patch(`/v1/leads/${lead.id}`, { stage_id: to.id })).status).toBe(200);
    const [moved] = await items('lead', lead.id, '&kinds=stage');
    expect(moved).toMatchObject({
      kind: 'stage',
      entity_type: 'lead',
      entity_id: lead.id,
      data: { from: lead.stage_id, to: to.id, pipeline_id: pipeline().id },
    });
  });

  it("a lead's changed amount and owner appear as change items labelled in every language", async () => {
    const lead = await newLead({ amount: 100 });
    const owner = memberOf('manager');
    await patch(`/v1/leads/${lead.id}`, { amount: 250, owner_id: owner.id });
    const changes = await items('lead', lead.id, '&kinds=change');
    expect(changes.map((item) => item.data)).toEqual(
      expect.arrayContaining([
        { field: 'amount', label: { 'uz-Latn': 'Summa', ru: 'Сумма', en: 'Amount' }, from: 100, to: 250 },
        { field: 'owner_id', label: { 'uz-Latn': "Mas'ul", ru: 'Ответственный', en: 'Owner' }, from: null, to: owner.id },
      ]),
    );
    expect(changes).toHaveLength(2);
  });

  it("a contact's changed phone appears as a change item with from and to", async () => {
    const contact = await newContact();
    await patch(`/v1/contacts/${contact.id}`, { phones: ['+998907778899'] });
    const [change] = await items('contact', contact.id, '&kinds=change');
    expect(change).toMatchObject({
      kind: 'change',
      entity_type: 'contact',
      entity_id: contact.id,
      data: { field: 'phones', from: ['+998901112233'], to: ['+998907778899'] },
    });
  });

  it("a custom field's change is labelled with the field's own label, keyed by locale", async () => {
    const contact = await newContact();
    await patch(`/v1/contacts/${contact.id}`, { custom: { tax_id: '123456789' } });
    const [change] = await items('contact', contact.id, '&kinds=change');
    expect(change.data).toEqual({
      field: 'custom.tax_id',
      label: { 'uz-Latn': 'STIR', ru: 'ИНН', en: 'Tax id' },
      from: null,
      to: '123456789',
    });
  });

  it('a PATCH that changes nothing adds no change item', async () => {
    const contact = await newContact();
    await patch(`/v1/contacts/${contact.id}`, { name: 'Aziza' });
    expect(await items('contact', contact.id, '&kinds=change')).toEqual([]);
  });

  it("a company's changed name appears on the company's timeline", async () => {
    const company = await createOk('/v1/companies', { name: 'Oqtepa' });
    await patch(`/v1/companies/${company.id}`, { name: 'Oqtepa Lavash' });
    const [change] = await items('company', company.id, '&kinds=change');
    expect(change.data).toMatchObject({ field: 'name', from: 'Oqtepa', to: 'Oqtepa Lavash' });
  });

  it("a task about a lead appears on the lead's timeline when created and when completed", async () => {
    const lead = await newLead();
    const task = await createOk('/v1/tasks', {
      title: 'Call back',
      type: 'call',
      assignee_id: memberOf('owner').id,
      entity_type: 'lead',
      entity_id: lead.id,
    });
    await setClock({ advance_seconds: 60 });
    expect((await call(setup.mock, 'POST', `/v1/tasks/${task.id}/complete`, { key: key(), body: { result: 'Agreed' } })).status).toBe(200);
    const tasks = await items('lead', lead.id, '&kinds=task');
    expect(tasks.map((item) => [item.ref_id, item.data.action])).toEqual([
      [task.id, 'completed'],
      [task.id, 'created'],
    ]);
    expect(tasks[0].data).toMatchObject({ title: 'Call back', type: 'call', result: 'Agreed' });
  });

  it("a website form submission shows its answers on the lead's timeline, as the system", async () => {
    const form = created.forms[0];
    const loaded = await call(setup.mock, 'GET', `/api/forms/${form.id}`);
    await setClock({ advance_seconds: form.min_ms / 1000 + 1 });
    const submitted = await call(setup.mock, 'POST', `/api/forms/${form.id}/submit`, {
      body: { token: loaded.body.token, answers: { name: 'Dilnoza', phone: '90 123-45-67' }, consent: true },
      clientAddress: '203.0.113.7',
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const [event] = await events('form.submitted');
    const [item] = await items('lead', event.data.object.lead_id, '&kinds=system');
    expect(item).toMatchObject({ kind: 'system', actor: { type: 'system', id: '' }, ref_id: form.id, editable: false, deletable: false });
    expect(item.data).toMatchObject({ event: 'form_submitted', form_id: form.id, form_name: form.name, lead_created: true });
    expect(item.data.answers).toEqual(
      expect.arrayContaining([
        { field_id: 'name', label: expect.any(String), value: 'Dilnoza' },
        { field_id: 'phone', label: expect.any(String), value: '+998901234567' },
      ]),
    );
  });

  it('a change that fails leaves no item (items are written in the same transaction)', async () => {
    const lead = await newLead({ amount: 100 });
    // Into a lost stage without loss_reason: the whole PATCH, amount included, is refused.
    const answer = await patch(`/v1/leads/${lead.id}`, { amount: 900, stage_id: stageOf('lost').id });
    expect(answer.status).toBe(422);
    expect(await items('lead', lead.id, '&kinds=change,stage')).toHaveLength(1);
  });

  it('each item names its actor: the API key, or the member an access token acts for', async () => {
    const lead = await newLead();
    const keyId = (await call(setup.mock, 'GET', '/v1/api-keys/whoami', { key: key() })).body.id;
    const manager = memberOf('manager');
    await note('lead', lead.id, 'by the app', { key: memberToken(manager.id) });
    const list = await items('lead', lead.id);
    expect(list.find((item) => item.kind === 'stage').actor).toEqual({ type: 'api_key', id: keyId });
    expect(list.find((item) => item.kind === 'note').actor).toEqual({ type: 'member', id: manager.id });
  });
});

describe('order, kinds and paging', () => {
  it('items are newest first', async () => {
    const contact = await newContact();
    for (const text of ['first', 'second', 'third']) {
      await note('contact', contact.id, text);
      await setClock({ advance_seconds: 1 });
    }
    expect(texts(await items('contact', contact.id))).toEqual(['third', 'second', 'first']);
  });

  it('items of the same millisecond stay in creation order, newest first', async () => {
    const contact = await newContact();
    // The clock is frozen: every item has the same occurred_at; note ids (nt_) and other ids (tl_) interleave.
    await note('contact', contact.id, 'one');
    await patch(`/v1/contacts/${contact.id}`, { name: 'Aziza K.' });
    await note('contact', contact.id, 'two');
    expect((await items('contact', contact.id)).map((item) => item.kind)).toEqual(['note', 'change', 'note']);
  });

  it('pinned notes come first', async () => {
    const contact = await newContact();
    const old = await note('contact', contact.id, 'old');
    await setClock({ advance_seconds: 60 });
    await note('contact', contact.id, 'new');
    const pinned = await call(setup.mock, 'POST', `/v1/notes/${old.id}/pin`, { key: key() });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ id: old.id, pinned: true });
    expect(texts(await items('contact', contact.id))).toEqual(['old', 'new']);
  });

  it('unpinning puts a note back in time order', async () => {
    const contact = await newContact();
    const old = await note('contact', contact.id, 'old');
    await setClock({ advance_seconds: 60 });
    await note('contact', contact.id, 'new');
    await call(setup.mock, 'POST', `/v1/notes/${old.id}/pin`, { key: key() });
    const unpinned = await call(setup.mock, 'DELETE', `/v1/notes/${old.id}/pin`, { key: key() });
    expect(unpinned.body.pinned).toBe(false);
    expect(texts(await items('contact', contact.id))).toEqual(['new', 'old']);
  });

  it('kinds=note shows only notes', async () => {
    const lead = await newLead();
    await patch(`/v1/leads/${lead.id}`, { amount: 5 });
    await note('lead', lead.id, 'hello');
    const notes = await items('lead', lead.id, '&kinds=note');
    expect(notes.map((item) => item.kind)).toEqual(['note']);
  });

  it('kinds takes several kinds', async () => {
    const lead = await newLead();
    await patch(`/v1/leads/${lead.id}`, { amount: 5 });
    await note('lead', lead.id, 'hello');
    expect((await items('lead', lead.id, '&kinds=stage,change')).map((item) => item.kind).sort()).toEqual(['change', 'stage']);
  });

  it('a timeline pages with a cursor, every item once, pinned first throughout', async () => {
    const contact = await newContact();
    const written = [];
    for (let index = 0; index < 7; index++) {
      written.push(await note('contact', contact.id, `note ${index}`));
      await setClock({ advance_seconds: 1 });
    }
    await call(setup.mock, 'POST', `/v1/notes/${written[2].id}/pin`, { key: key() });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: any = await timeline('contact', contact.id, `&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...texts(answer.body.data));
      cursor = answer.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['note 2', 'note 6', 'note 5', 'note 4', 'note 3', 'note 1', 'note 0']);
  });

  it('a changed cursor answers invalid_cursor', async () => {
    const contact = await newContact();
    for (const text of ['a', 'b']) await note('contact', contact.id, text);
    const first = await timeline('contact', contact.id, '&limit=1');
    const answer = await timeline('contact', contact.id, `&limit=1&cursor=${first.body.next_cursor}x`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_cursor');
  });
});

describe('reading a timeline', () => {
  it('needs the read scope of the record type', async () => {
    const lead = await newLead();
    const contactsOnly = await apiKey(['contacts:read']);
    const answer = await timeline('lead', lead.id, '', { key: contactsOnly });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'missing_scope', scope: 'leads:read' });
    expect((await timeline('lead', lead.id, '', { key: await apiKey(['leads:read']) })).status).toBe(200);
  });

  it('of a record in the trash answers 410 gone', async () => {
    const lead = await newLead();
    await call(setup.mock, 'DELETE', `/v1/leads/${lead.id}`, { key: key() });
    const answer = await timeline('lead', lead.id);
    expect(answer.status).toBe(410);
    expect(answer.body.error.code).toBe('gone');
  });

  it('of an unknown record answers 404, and of an id of another type 400 invalid_id_type', async () => {
    expect((await timeline('lead', `ld_${'0'.repeat(26)}`)).status).toBe(404);
    const contact = await newContact();
    const answer = await timeline('lead', contact.id);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_id_type');
  });

  it('accepts long id prefixes', async () => {
    const lead = await newLead();
    expect((await timeline('lead', lead.id.replace(/^ld_/, 'lead_'))).status).toBe(200);
  });
});

describe('adding a note', () => {
  it('answers the timeline item with text and mentions', async () => {
    const lead = await newLead();
    const mentioned = memberOf('manager');
    const answer = await addNote('lead', lead.id, 'Call her tomorrow', { mentions: [mentioned.id] });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      kind: 'note',
      entity_type: 'lead',
      entity_id: lead.id,
      ref_id: null,
      pinned: false,
      data: { text: 'Call her tomorrow', mentions: [mentioned.id] },
    });
    expect(answer.body.id).toMatch(/^nt_/);
    expect(answer.body.occurred_at).toBe(new Date(NOON).toISOString());
  });

  it('note.created names the mentions', async () => {
    const contact = await newContact();
    const [first, second] = [memberOf('manager'), memberOf('viewer')];
    const written = await note('contact', contact.id, 'See this', { mentions: [first.id, second.id.replace(/^mb_/, 'member_')] });
    const [event] = await events('note.created');
    expect(event.data.object).toEqual({
      id: written.id,
      object: 'note',
      entity_type: 'contact',
      entity_id: contact.id,
      text: 'See this',
      mentions: [first.id, second.id],
    });
  });

  it('a mention of someone who is no member answers validation_failed under mentions', async () => {
    const lead = await newLead();
    const answer = await addNote('lead', lead.id, 'hi', { mentions: [`mb_${'0'.repeat(26)}`] });
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields).toHaveProperty('mentions');
    expect(await events('note.created')).toEqual([]);
  });

  it('needs notes:write and the read scope of the record', async () => {
    const lead = await newLead();
    const withoutNotes = await addNote('lead', lead.id, 'hi', { key: await apiKey(['leads:write']) });
    expect(withoutNotes.body.error).toMatchObject({ code: 'missing_scope', scope: 'notes:write' });
    const withoutLeads = await addNote('lead', lead.id, 'hi', { key: await apiKey(['notes:write', 'contacts:read']) });
    expect(withoutLeads.body.error).toMatchObject({ code: 'missing_scope', scope: 'leads:read' });
    expect((await addNote('lead', lead.id, 'hi', { key: await apiKey(['notes:write', 'leads:read']) })).status).toBe(201);
  });

  it('on a record in the trash answers 410 gone', async () => {
    const contact = await newContact();
    await call(setup.mock, 'DELETE', `/v1/contacts/${contact.id}`, { key: key() });
    expect((await addNote('contact', contact.id, 'hi')).status).toBe(410);
  });
});

describe('editing a note', () => {
  const edit = (id: string, text: string, token: string) => call(setup.mock, 'PATCH', `/v1/notes/${id}`, { key: token, body: { text } });

  it('the member who wrote it can edit it within 24 hours', async () => {
    const lead = await newLead();
    const author = memberToken(memberOf('manager').id);
    const written = await note('lead', lead.id, 'draft', { key: author });
    expect(written.editable).toBe(true);
    await setClock({ advance_seconds: 24 * HOUR - 1 });
    const answer = await edit(written.id, 'final', author);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: written.id, data: { text: 'final' }, occurred_at: written.occurred_at });
    expect(texts(await items('lead', lead.id))).toEqual(['final']);
  });

  it('an API key cannot edit a note', async () => {
    const lead = await newLead();
    const written = await note('lead', lead.id, 'by key');
    expect(written.editable).toBe(false);
    const answer = await edit(written.id, 'changed', key());
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('edit_window_closed');
    expect(texts(await items('lead', lead.id))).toEqual(['by key']);
  });

  it("an API key cannot edit even a member's note within the window", async () => {
    const lead = await newLead();
    const written = await note('lead', lead.id, 'by member', { key: memberToken(memberOf('owner').id) });
    const answer = await edit(written.id, 'changed', key());
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('edit_window_closed');
  });

  it('another member cannot edit a note', async () => {
    const lead = await newLead();
    const written = await note('lead', lead.id, 'mine', { key: memberToken(memberOf('manager').id) });
    const other = memberToken(memberOf('admin').id);
    expect((await items('lead', lead.id, '&kinds=note', { key: other }))[0].editable).toBe(false);
    const answer = await edit(written.id, 'theirs', other);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('edit_window_closed');
  });

  it('a note is not editable after 24 hours of clock time', async () => {
    const lead = await newLead();
    const author = memberToken(memberOf('manager').id);
    const written = await note('lead', lead.id, 'late', { key: author });
    await setClock({ advance_seconds: 24 * HOUR });
    expect((await items('lead', lead.id, '&kinds=note', { key: author }))[0].editable).toBe(false);
    const answer = await edit(written.id, 'too late', author);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('edit_window_closed');
  });

  it('of an unknown note answers 404', async () => {
    expect((await edit(`nt_${'0'.repeat(26)}`, 'x', memberToken(memberOf('owner').id))).status).toBe(404);
  });
});

describe('deleting a note', () => {
  it('needs the write scope of the note’s record type', async () => {
    const lead = await newLead();
    const written = await note('lead', lead.id, 'bye');
    const readOnly = await apiKey(['notes:write', 'leads:read']);
    expect((await items('lead', lead.id, '&kinds=note', { key: readOnly }))[0].deletable).toBe(false);
    const refused = await call(setup.mock, 'DELETE', `/v1/notes/${written.id}`, { key: readOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'missing_scope', scope: 'leads:write' });
    const writer = await apiKey(['leads:write']);
    expect((await items('lead', lead.id, '&kinds=note', { key: writer }))[0].deletable).toBe(true);
    const deleted = await call(setup.mock, 'DELETE', `/v1/notes/${written.id}`, { key: writer });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true, id: written.id });
    expect(await items('lead', lead.id, '&kinds=note')).toEqual([]);
  });

  it('anyone with the write scope may delete it, not only its author', async () => {
    const contact = await newContact();
    const written = await note('contact', contact.id, 'by manager', { key: memberToken(memberOf('manager').id) });
    expect((await call(setup.mock, 'DELETE', `/v1/notes/${written.id}`, { key: key() })).status).toBe(200);
  });
});

describe('items that are not notes', () => {
  it('are never editable or deletable, even for the owner key', async () => {
    const lead = await newLead();
    await patch(`/v1/leads/${lead.id}`, { amount: 7 });
    const list = await items('lead', lead.id);
    expect(list.length).toBe(2);
    for (const item of list) expect([item.editable, item.deletable]).toEqual([false, false]);
  });

  it('cannot be pinned through the note routes', async () => {
    const lead = await newLead();
    const [stage] = await items('lead', lead.id);
    const answer = await call(setup.mock, 'POST', `/v1/notes/${stage.id}/pin`, { key: key() });
    expect([400, 404]).toContain(answer.status);
  });
});

describe('messages on the timeline', () => {
  it("a client's inbound message and the reply appear on the contact's timeline", async () => {
    const contact = (await call(setup.mock, 'POST', '/v1/contacts', { key: key(), body: { name: 'Aziz', phone: '+998901112233' } })).body;
    const channel = created.channels.find((item: any) => item.type === 'whatsapp');
    const inbound = await call(setup.mock, 'POST', `/_mock/workspaces/${wsId()}/channels/${channel.id}/inbound`, {
      body: { text: 'Salom!', phone: '+998901112233', name: 'Aziz' },
    });
    await call(setup.mock, 'POST', `/v1/conversations/${inbound.body.conversation_id}/messages`, {
      key: key(),
      body: { text: 'Assalomu alaykum!' },
    });
    const list = await items('contact', contact.id, '&kinds=message');
    expect(list.map((item: any) => [item.data.direction, item.data.text])).toEqual([
      ['out', 'Assalomu alaykum!'],
      ['in', 'Salom!'],
    ]);
  });
});
