// Tasks (spec 2.12, 3 "Task", 4.10): create defaults, the record a task is about, due buckets
// and `overdue` on the workspace clock, list filters and paging, the states, trash and events.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLead as insertStoredLead } from '../support/stored-lead.ts';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let created: any;
beforeAll(async () => {
  setup = await setUpMock();
});
beforeEach(async () => {
  // A fresh workspace per test, its clock frozen at noon UTC on a Wednesday.
  created = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  await setClock({ freeze: true, set: NOON });
});

const NOON = '2027-03-10T12:00:00Z';
const key = () => created.api_key as string;
const wsId = () => created.workspace.id as string;
const memberOf = (role: string) => created.members.find((member: any) => member.role === role);
const owner = () => memberOf('owner');

async function setClock(body: Record<string, unknown>) {
  return call(setup.mock, 'POST', `/_mock/workspaces/${wsId()}/clock`, { body });
}

async function create(body: Record<string, unknown> = {}, options: { key?: string } = {}) {
  return call(setup.mock, 'POST', '/v1/tasks', {
    key: options.key ?? key(),
    body: { title: 'Call back', assignee_id: owner().id, ...body },
  });
}

async function createdTask(body: Record<string, unknown> = {}) {
  const answer = await create(body);
  expect(answer.status).toBe(201);
  return answer.body;
}

async function list(query = '') {
  const answer = await call(setup.mock, 'GET', `/v1/tasks${query}`, { key: key() });
  expect(answer.status).toBe(200);
  return answer.body;
}

const titles = async (query = '') => (await list(query)).data.map((task: any) => task.title);

async function action(id: string | number, name: string, body?: unknown) {
  return call(setup.mock, 'POST', `/v1/tasks/${id}/${name}`, { key: key(), body });
}

async function events(type: string) {
  return (await call(setup.mock, 'GET', `/_mock/workspaces/${wsId()}/events?type=${type}`)).body.data;
}

/** A lead put straight into a workspace's table (the test's by default), so tasks can be about it. */
function insertLead(name: string, into: any = created) {
  const workspace = setup.mock.state.workspaces.get(into.workspace.id)!;
  return insertStoredLead(workspace, { name, currency: 'UZS', position: 0 });
}

const leadTable = () => setup.mock.state.workspaces.get(wsId())!.tables.leads;

describe('creating a task', () => {
  it('a new task is open, a follow_up, and takes the next record number', async () => {
    const first = await createdTask();
    const second = await createdTask({ title: 'Send the quote' });
    expect(first).toMatchObject({
      type: 'follow_up',
      status: 'open',
      result: '',
      completed_at: null,
      snoozed_until: null,
      due_at: null,
      all_day: false,
    });
    expect(first.id).toMatch(/^tk_[0-9a-z]{26}$/);
    expect(second.number).toBe(first.number + 1);
    expect(first.assignee).toEqual({ id: owner().id, name: owner().name });
  });

  it('created_by is the API key that created it', async () => {
    const task = await createdTask();
    const credential = setup.mock.state.findCredential(key())!.credential;
    expect(credential.kind === 'api_key' && task.created_by).toEqual({
      type: 'api_key',
      id: credential.kind === 'api_key' ? credential.apiKey.id : '',
    });
  });

  it('an API key must name the assignee', async () => {
    const { status, body } = await call(setup.mock, 'POST', '/v1/tasks', { key: key(), body: { title: 'Call back' } });
    expect(status).toBe(422);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toHaveProperty('assignee_id');
  });

  it('the assignee must be a member of the workspace', async () => {
    const stranger = `mb_${'0'.repeat(26)}`;
    const { status, body } = await create({ assignee_id: stranger });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('assignee_id');
  });

  it('all_day without due_at is refused', async () => {
    const { status, body } = await create({ all_day: true });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: 'validation_failed', fields: { due_at: expect.any(String) } });
    expect((await list('?status=all')).data).toHaveLength(0);
  });

  it('a blank title is refused', async () => {
    const { status, body } = await create({ title: '   ' });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('title');
  });

  it('creating sends task.created with a summary that names records by id', async () => {
    const lead = await insertLead('Office chairs');
    const task = await createdTask({ type: 'call', due_at: '2027-03-11T10:00:00+05:00', entity_type: 'lead', entity_id: lead.id });
    const [event] = await events('task.created');
    expect(event.data.object).toEqual({
      id: task.id,
      object: 'task',
      title: 'Call back',
      type: 'call',
      status: 'open',
      due_at: '2027-03-11T10:00:00.000+05:00',
      assignee_id: owner().id,
      entity_type: 'lead',
      entity_id: lead.id,
      result: null,
      completed_at: null,
    });
  });

  it('a refused task sends no event and takes no number', async () => {
    await create({ assignee_id: undefined });
    expect(await events('task.created')).toHaveLength(0);
    expect((await createdTask()).number).toBe(1);
  });
});

describe('the record a task is about', () => {
  it("entity_label is the lead's name and number, read when the task is read", async () => {
    const lead = await insertLead('Air conditioners');
    const task = await createdTask({ entity_type: 'lead', entity_id: lead.id, entity_label: 'whatever the caller says' });
    expect(task).toMatchObject({ entity_type: 'lead', entity_id: lead.id, entity_label: `Air conditioners #${lead.number}` });
    await leadTable().update(lead.id, (draft) => void (draft.name = 'Air conditioners, 3 units'));
    expect((await call(setup.mock, 'GET', `/v1/tasks/${task.id}`, { key: key() })).body.entity_label).toBe(
      `Air conditioners, 3 units #${lead.number}`,
    );
  });

  it('a long lead prefix is accepted and answered short', async () => {
    const lead = await insertLead('Desks');
    const task = await createdTask({ entity_type: 'lead', entity_id: lead.id.replace(/^ld_/, 'lead_') });
    expect(task.entity_id).toBe(lead.id);
  });

  it('a task without a record has an empty entity_id and label', async () => {
    expect(await createdTask()).toMatchObject({ entity_type: null, entity_id: '', entity_label: '' });
  });

  it('a lead in the trash cannot get a new task', async () => {
    const lead = await insertLead('Old deal');
    await leadTable().update(lead.id, (draft) => void (draft.deleted_at = NOON));
    const { status, body } = await create({ entity_type: 'lead', entity_id: lead.id });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('entity_id');
  });

  it('a lead of another workspace is not found', async () => {
    const other = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    const foreign = await insertLead('Theirs', other);
    const { status, body } = await create({ entity_type: 'lead', entity_id: foreign.id });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('entity_id');
  });

  it('entity_id must be of the kind entity_type names', async () => {
    const { status, body } = await create({ entity_type: 'lead', entity_id: `ct_${'1'.repeat(26)}` });
    expect(status).toBe(422);
    expect(body.error.fields.entity_id).toMatch(/lead/);
  });

  it('entity_type and entity_id are sent together', async () => {
    const lead = await insertLead('Sofa');
    expect((await create({ entity_id: lead.id })).body.error.fields).toHaveProperty('entity_type');
    expect((await create({ entity_type: 'lead' })).body.error.fields).toHaveProperty('entity_id');
  });

  it("a task about a lead needs the key's leads:read scope", async () => {
    const lead = await insertLead('Lamps');
    const tasksOnly = await call(setup.mock, 'POST', `/_mock/workspaces/${wsId()}/api-keys`, {
      body: { scopes: ['tasks:read', 'tasks:write'] },
    });
    const { status, body } = await call(setup.mock, 'POST', '/v1/tasks', {
      key: tasksOnly.body.key,
      body: { title: 'Call', assignee_id: owner().id, entity_type: 'lead', entity_id: lead.id },
    });
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: 'missing_scope', scope: 'leads:read' });
  });
});

describe('reading, deleting and restoring', () => {
  it('a task is read by its number as by its id', async () => {
    const task = await createdTask();
    const byNumber = await call(setup.mock, 'GET', `/v1/tasks/${task.number}`, { key: key() });
    expect(byNumber.body.id).toBe(task.id);
    const unknown = await call(setup.mock, 'GET', `/v1/tasks/${task.number + 1}`, { key: key() });
    expect(unknown.status).toBe(404);
  });

  it('a deleted task answers gone with deleted_at and leaves lists', async () => {
    const task = await createdTask();
    const deleted = await call(setup.mock, 'DELETE', `/v1/tasks/${task.id}`, { key: key() });
    expect(deleted.body).toEqual({ ok: true, id: task.id });
    const read = await call(setup.mock, 'GET', `/v1/tasks/${task.id}`, { key: key() });
    expect(read.status).toBe(410);
    expect(read.body.error).toMatchObject({ code: 'gone', deleted_at: '2027-03-10T12:00:00.000Z' });
    expect((await action(task.id, 'complete')).status).toBe(410);
    expect((await list('?status=all')).data).toHaveLength(0);
  });

  it('restore keeps the number', async () => {
    const task = await createdTask();
    await call(setup.mock, 'DELETE', `/v1/tasks/${task.number}`, { key: key() });
    await createdTask({ title: 'Another' });
    const restored = await action(task.number, 'restore');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: task.id, number: task.number });
    expect(await titles()).toContain('Call back');
  });
});

describe('due time and overdue on the workspace clock', () => {
  it('times sent to the second come back with fractional seconds in the offset they were sent in (spec 2.1)', async () => {
    const task = await createdTask({ due_at: '2027-03-11T09:00:00+05:00' });
    expect(task.due_at).toBe('2027-03-11T09:00:00.000+05:00');
    const moved = await call(setup.mock, 'PATCH', `/v1/tasks/${task.id}`, { key: key(), body: { due_at: '2027-03-12t04:00:00z' } });
    expect(moved.body.due_at).toBe('2027-03-12T04:00:00.000Z');
    const rescheduled = await call(setup.mock, 'POST', `/v1/tasks/${task.id}/reschedule`, {
      key: key(),
      body: { due_at: '2027-03-13T10:00:00.25-03:00' },
    });
    expect(rescheduled.body.due_at).toBe('2027-03-13T10:00:00.25-03:00');
    const snoozed = await call(setup.mock, 'POST', `/v1/tasks/${task.id}/snooze`, {
      key: key(),
      body: { until: '2027-03-10T18:00:00+05:00' },
    });
    expect(snoozed.body.snoozed_until).toBe('2027-03-10T18:00:00.000+05:00');
  });

  it('a task due yesterday is overdue on the workspace clock', async () => {
    const task = await createdTask({ due_at: '2027-03-09T10:00:00Z' });
    expect(task.overdue).toBe(true);
    expect(await titles('?due=overdue')).toEqual(['Call back']);
  });

  it('a task due later today is not overdue yet', async () => {
    const task = await createdTask({ due_at: '2027-03-10T15:00:00Z' });
    expect(task.overdue).toBe(false);
  });

  it('advancing the clock moves a task into the overdue bucket', async () => {
    await createdTask({ due_at: '2027-03-10T15:00:00Z' });
    expect(await titles('?due=today')).toEqual(['Call back']);
    expect(await titles('?due=overdue')).toEqual([]);
    await setClock({ advance_seconds: 4 * 3600 });
    expect(await titles('?due=overdue')).toEqual(['Call back']);
    expect(await titles('?due=today')).toEqual([]);
    expect((await list()).data[0].overdue).toBe(true);
  });

  it('due buckets are UTC days: today, tomorrow, the rest of the week, later, none', async () => {
    await createdTask({ title: 'today', due_at: '2027-03-10T23:30:00Z' });
    await createdTask({ title: 'tomorrow', due_at: '2027-03-11T00:30:00Z' });
    await createdTask({ title: 'in two days', due_at: '2027-03-12T09:00:00Z' });
    await createdTask({ title: 'in six days', due_at: '2027-03-16T23:59:00Z' });
    await createdTask({ title: 'in seven days', due_at: '2027-03-17T00:00:00Z' });
    await createdTask({ title: 'undated' });
    expect(await titles('?due=today')).toEqual(['today']);
    expect(await titles('?due=tomorrow')).toEqual(['tomorrow']);
    expect(await titles('?due=week')).toEqual(['in two days', 'in six days']);
    expect(await titles('?due=later')).toEqual(['in seven days']);
    expect(await titles('?due=none')).toEqual(['undated']);
  });

  it('an all-day task is due on the date written in its due_at and overdue only when that day is over', async () => {
    // Midnight in Tashkent is 19:00 UTC the day before: as an instant it has passed, as a day it is today.
    const task = await createdTask({ due_at: '2027-03-10T00:00:00+05:00', all_day: true });
    expect(task.overdue).toBe(false);
    expect(await titles('?due=today')).toEqual(['Call back']);
    await setClock({ set: '2027-03-11T00:00:01Z' });
    expect(await titles('?due=overdue')).toEqual(['Call back']);
  });

  it('a done task is never overdue', async () => {
    const task = await createdTask({ due_at: '2027-03-09T10:00:00Z' });
    const done = await action(task.id, 'complete');
    expect(done.body.overdue).toBe(false);
    expect(await titles('?status=done&due=overdue')).toEqual([]);
  });
});

describe('the task list', () => {
  it('lists open tasks by default; done and all on request', async () => {
    const done = await createdTask({ title: 'done' });
    await createdTask({ title: 'open' });
    await action(done.id, 'complete');
    expect(await titles()).toEqual(['open']);
    expect(await titles('?status=done')).toEqual(['done']);
    expect((await titles('?status=all')).sort()).toEqual(['done', 'open']);
  });

  it("assignee=me is the key's member; a member id lists that member's tasks", async () => {
    await createdTask({ title: 'mine' });
    await createdTask({ title: 'hers', assignee_id: memberOf('manager').id });
    expect(await titles('?assignee=me')).toEqual(['mine']);
    expect(await titles(`?assignee=${memberOf('manager').id}`)).toEqual(['hers']);
    expect((await titles('?assignee=all')).sort()).toEqual(['hers', 'mine']);
  });

  it('type, entity_type and entity_id narrow the list', async () => {
    const [chairs, desks] = [await insertLead('Chairs'), await insertLead('Desks')];
    await createdTask({ title: 'call about chairs', type: 'call', entity_type: 'lead', entity_id: chairs.id });
    await createdTask({ title: 'meet about desks', type: 'meeting', entity_type: 'lead', entity_id: desks.id });
    await createdTask({ title: 'loose end' });
    expect(await titles('?type=call')).toEqual(['call about chairs']);
    expect(await titles(`?entity_type=lead&entity_id=${desks.id}`)).toEqual(['meet about desks']);
    expect((await titles('?entity_type=lead')).sort()).toEqual(['call about chairs', 'meet about desks']);
  });

  it('q finds tasks by title, record label and #number', async () => {
    const lead = await insertLead('Refrigerators');
    await createdTask({ title: 'Send the quote' });
    const second = await createdTask({ title: 'Call', entity_type: 'lead', entity_id: lead.id });
    expect(await titles('?q=QUOTE')).toEqual(['Send the quote']);
    expect(await titles('?q=refriger')).toEqual(['Call']);
    expect(await titles(`?q=%23${second.number}`)).toEqual(['Call']);
  });

  it('pages walk every task once, soonest due first, undated last', async () => {
    await createdTask({ title: 'undated' });
    await createdTask({ title: 'friday', due_at: '2027-03-12T09:00:00Z' });
    await createdTask({ title: 'thursday', due_at: '2027-03-11T09:00:00Z' });
    await createdTask({ title: 'monday', due_at: '2027-03-08T09:00:00Z' });
    const first = await list('?limit=2');
    expect(first.data.map((task: any) => task.title)).toEqual(['monday', 'thursday']);
    const second = await list(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(second.data.map((task: any) => task.title)).toEqual(['friday', 'undated']);
    expect(second.next_cursor).toBeNull();
  });
});

describe('states', () => {
  it('completing sends task.completed with the result', async () => {
    const task = await createdTask();
    await setClock({ advance_seconds: 60 });
    const { status, body } = await action(task.id, 'complete', { result: 'Agreed on Friday' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'done', result: 'Agreed on Friday', completed_at: '2027-03-10T12:01:00.000Z' });
    const [event] = await events('task.completed');
    expect(event.data.object).toMatchObject({
      id: task.id,
      status: 'done',
      result: 'Agreed on Friday',
      completed_at: '2027-03-10T12:01:00.000Z',
    });
  });

  it('complete takes no body', async () => {
    const task = await createdTask();
    expect((await action(task.id, 'complete')).body).toMatchObject({ status: 'done', result: '' });
  });

  it('completing a done task changes nothing and sends no second event', async () => {
    const task = await createdTask();
    await action(task.id, 'complete', { result: 'first' });
    await setClock({ advance_seconds: 60 });
    const again = await action(task.id, 'complete', { result: 'second' });
    expect(again.body).toMatchObject({ result: 'first', completed_at: '2027-03-10T12:00:00.000Z' });
    expect(await events('task.completed')).toHaveLength(1);
  });

  it('reopen makes a done task open again, without its result', async () => {
    const task = await createdTask();
    await action(task.id, 'complete', { result: 'done' });
    const { body } = await action(task.id, 'reopen');
    expect(body).toMatchObject({ status: 'open', result: '', completed_at: null });
  });

  it('snoozing a done task answers task_not_open', async () => {
    const task = await createdTask();
    await action(task.id, 'complete');
    const { status, body } = await action(task.id, 'snooze', { until: '2027-03-11T09:00:00Z' });
    expect(status).toBe(409);
    expect(body.error.code).toBe('task_not_open');
  });

  it('a snoozed task leaves open lists until its time comes, unless snoozed=include', async () => {
    const task = await createdTask();
    const snoozed = await action(task.id, 'snooze', { until: '2027-03-10T13:00:00+00:00' });
    expect(snoozed.body).toMatchObject({ status: 'open', snoozed_until: '2027-03-10T13:00:00.000+00:00' });
    expect(await titles()).toEqual([]);
    expect(await titles('?snoozed=include')).toEqual(['Call back']);
    await setClock({ advance_seconds: 3600 });
    expect(await titles()).toEqual(['Call back']);
    expect((await list()).data[0].snoozed_until).toBeNull();
  });

  it('snoozing into the past is refused', async () => {
    const task = await createdTask();
    const { status, body } = await action(task.id, 'snooze', { until: '2027-03-10T11:00:00Z' });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('until');
  });

  it('reschedule replaces due_at, all_day and duration_min and keeps the status', async () => {
    const task = await createdTask({ due_at: '2027-03-10T15:00:00Z', duration_min: 30 });
    await action(task.id, 'complete');
    const { body } = await action(task.id, 'reschedule', { due_at: '2027-03-12T00:00:00+05:00', all_day: true });
    expect(body).toMatchObject({ status: 'done', due_at: '2027-03-12T00:00:00.000+05:00', all_day: true, duration_min: 30 });
  });
});

describe('changing a task', () => {
  it('PATCH changes only the fields sent', async () => {
    const task = await createdTask({ type: 'call', due_at: '2027-03-11T09:00:00Z', duration_min: 15 });
    const { body } = await call(setup.mock, 'PATCH', `/v1/tasks/${task.id}`, {
      key: key(),
      body: { title: 'Call again', assignee_id: memberOf('admin').id },
    });
    expect(body).toMatchObject({
      title: 'Call again',
      type: 'call',
      due_at: '2027-03-11T09:00:00.000Z',
      duration_min: 15,
      assignee: { id: memberOf('admin').id },
    });
  });

  it('clearing due_at ends all_day; asking for all_day without a due time is refused', async () => {
    const task = await createdTask({ due_at: '2027-03-11T00:00:00Z', all_day: true });
    const refused = await call(setup.mock, 'PATCH', `/v1/tasks/${task.id}`, { key: key(), body: { due_at: null, all_day: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toHaveProperty('all_day');
    const cleared = await call(setup.mock, 'PATCH', `/v1/tasks/${task.id}`, { key: key(), body: { due_at: null } });
    expect(cleared.body).toMatchObject({ due_at: null, all_day: false });
  });

  it('a field outside the changeable ones is refused as unknown', async () => {
    const task = await createdTask();
    const { status, body } = await call(setup.mock, 'PATCH', `/v1/tasks/${task.id}`, { key: key(), body: { status: 'done' } });
    expect(status).toBe(400);
    expect(body.error.code).toBe('unknown_field');
  });
});
