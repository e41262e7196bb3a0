// Records: leads (the board by stage, and a list), contacts, companies, tasks and conversations
// of the workspace, read through the CRM interface with the page's key; search by number or
// text; one record opened with its fields, timeline (GET /v1/timeline) and events (the control
// API's event log). The CRM interface journals every read, so the page reads it again only when
// the event log moved (a change happened) or the person asked for something else.
import { control, crm, problemOf } from './api.js';
import { badge, h, json, label, money, pairs, time } from './dom.js';

const TABS = [
  { id: 'board', name: 'Board', path: '/v1/leads/board', type: 'lead' },
  { id: 'leads', name: 'Leads', path: '/v1/leads', type: 'lead' },
  { id: 'contacts', name: 'Contacts', path: '/v1/contacts', type: 'contact' },
  { id: 'companies', name: 'Companies', path: '/v1/companies', type: 'company' },
  { id: 'tasks', name: 'Tasks', path: '/v1/tasks', type: 'task' },
  { id: 'conversations', name: 'Conversations', path: '/v1/conversations', type: 'conversation' },
];

const PATHS = { lead: '/v1/leads', contact: '/v1/contacts', company: '/v1/companies', task: '/v1/tasks', conversation: '/v1/conversations' };
const TIMELINES = new Set(['lead', 'contact', 'company']);

const view = { tab: 'board', q: '', pipelineId: '', selected: null, cache: null, cacheKey: '' };

export async function load(ctx, force) {
  const head = await control('GET', `/workspaces/${ctx.ws}/events?limit=1`);
  const key = JSON.stringify([ctx.ws, view.tab, view.q, view.pipelineId, view.selected, head.body?.data?.[0]?.id ?? null]);
  if (!force && key === view.cacheKey && view.cache) return view.cache;
  const data = { tab: view.tab, q: view.q, list: await loadList(ctx), selected: view.selected ? await loadRecord(ctx, view.selected) : null };
  view.cache = data;
  view.cacheKey = key;
  return data;
}

async function loadList(ctx) {
  const tab = TABS.find((candidate) => candidate.id === view.tab);
  const query = new URLSearchParams();
  if (view.q) query.set('q', view.q);
  if (tab.id === 'board') {
    const pipelines = await crm(ctx.ws, 'GET', '/v1/pipelines');
    if (!pipelines.ok) return { error: problemOf(pipelines) };
    const pipeline = pipelines.body.data.find((candidate) => candidate.id === view.pipelineId) ?? pipelines.body.data[0];
    if (!pipeline) return { pipelines: [], board: null };
    query.set('pipeline', pipeline.id);
    query.set('limit', '20');
    const board = await crm(ctx.ws, 'GET', `${tab.path}?${query}`);
    return board.ok ? { pipelines: pipelines.body.data, pipeline, board: board.body } : { error: problemOf(board) };
  }
  query.set('limit', '50');
  const list = await crm(ctx.ws, 'GET', `${tab.path}?${query}`);
  // A number searches by record number too (spec 2.2): a lead is read by its number directly.
  if (tab.id === 'leads' && /^[1-9][0-9]{0,15}$/.test(view.q)) {
    const byNumber = await crm(ctx.ws, 'GET', `/v1/leads/${view.q}`);
    if (byNumber.ok) return { items: [byNumber.body, ...(list.body?.data ?? []).filter((lead) => lead.id !== byNumber.body.id)] };
  }
  return list.ok ? { items: list.body.data } : { error: problemOf(list) };
}

/** Stage names by id, for the timeline's stage moves (its items name stages by id). */
async function stageNames(ctx) {
  if (view.stages?.ws !== ctx.ws) {
    const pipelines = await crm(ctx.ws, 'GET', '/v1/pipelines');
    const names = Object.fromEntries((pipelines.body?.data ?? []).flatMap((pipeline) => pipeline.stages.map((stage) => [stage.id, label(stage.name)])));
    view.stages = { ws: ctx.ws, names };
  }
  return view.stages.names;
}

async function loadRecord(ctx, { type, id }) {
  const record = await crm(ctx.ws, 'GET', `${PATHS[type]}/${id}`);
  if (!record.ok) return { type, id, error: problemOf(record) };
  const timeline = TIMELINES.has(type) ? await crm(ctx.ws, 'GET', `/v1/timeline?entity_type=${type}&entity_id=${id}&limit=50`) : null;
  const messages = type === 'conversation' ? await crm(ctx.ws, 'GET', `/v1/conversations/${id}/messages?limit=100`) : null;
  const log = await control('GET', `/workspaces/${ctx.ws}/events?limit=500`);
  const events = (log.body?.data ?? []).filter((event) => names(event.data?.object ?? {}, id));
  const stages = type === 'lead' ? await stageNames(ctx) : {};
  return { type, id, record: record.body, timeline: timeline?.body?.data ?? null, messages: messages?.body?.data ?? null, events, stages };
}

/** Whether an event's object is the record or names it (`conversation_id`, `lead_id`, ...). */
function names(object, id) {
  return Object.entries(object).some(([field, value]) => (field === 'id' || field.endsWith('_id')) && value === id);
}

export function render(ctx, data) {
  const again = () => ctx.refresh(true);
  const search = h('form', { class: 'search', role: 'search', onsubmit: (event) => {
    event.preventDefault();
    view.q = new FormData(event.target).get('q').trim();
    view.selected = null;
    again();
  } },
  h('label', { for: 'record-search' }, 'Search by number or text'),
  h('input', { id: 'record-search', name: 'q', type: 'search', value: view.q, 'data-key': 'record-search' }),
  h('button', { type: 'submit' }, 'Search'));
  const tabs = h('div', { class: 'tabs', role: 'group', 'aria-label': 'Record types' },
    TABS.map((tab) => h('button', { type: 'button', 'aria-pressed': String(tab.id === view.tab), 'data-key': `tab-${tab.id}`, onclick: () => {
      view.tab = tab.id;
      view.selected = null;
      again();
    } }, tab.name)));
  return [
    h('h2', {}, 'Records'),
    h('div', { class: 'toolbar' }, tabs, search),
    h('div', { class: data.selected ? 'split' : 'single' },
      h('section', { class: 'list-pane', 'aria-label': TABS.find((tab) => tab.id === data.tab).name }, renderList(ctx, data.list)),
      data.selected ? renderRecord(ctx, data.selected) : null),
  ];
}

function open(ctx, type, id) {
  view.selected = { type, id };
  ctx.refresh(true).then(() => document.getElementById('record-title')?.focus());
}

function openButton(ctx, type, record, text) {
  const current = view.selected?.id === record.id;
  return h('button', { type: 'button', class: 'link', 'data-key': `open-${record.id}`, 'aria-current': current ? 'true' : false, onclick: () => open(ctx, type, record.id) }, text);
}

function renderList(ctx, list) {
  if (list.error) return h('p', { class: 'error' }, list.error);
  if (view.tab === 'board') return renderBoard(ctx, list);
  const rows = list.items ?? [];
  if (!rows.length) return h('p', {}, view.q ? `Nothing matches “${view.q}”.` : 'Nothing here yet.');
  const columns = COLUMNS[view.tab];
  return h('table', { class: 'grid' },
    h('thead', {}, h('tr', {}, columns.map(([name]) => h('th', { scope: 'col' }, name)))),
    h('tbody', {}, rows.map((row) => h('tr', {}, columns.map(([, cell]) => h('td', {}, cell(ctx, row)))))));
}

const COLUMNS = {
  leads: [['Lead', (ctx, lead) => openButton(ctx, 'lead', lead, `#${lead.number} ${lead.name}`)], ['Amount', (ctx, lead) => money(lead.amount, lead.currency)], ['Stage', (ctx, lead) => lead.stage_id], ['Updated', (ctx, lead) => time(lead.updated_at)]],
  contacts: [['Contact', (ctx, contact) => openButton(ctx, 'contact', contact, `#${contact.number} ${contact.name}`)], ['Phones', (ctx, contact) => (contact.phones ?? []).map((phone) => phone.value ?? phone).join(', ')], ['Open leads', (ctx, contact) => contact.open_leads ?? '']],
  companies: [['Company', (ctx, company) => openButton(ctx, 'company', company, `#${company.number} ${company.name}`)], ['Website', (ctx, company) => company.website ?? '']],
  tasks: [['Task', (ctx, task) => openButton(ctx, 'task', task, `#${task.number} ${task.title}`)], ['Status', (ctx, task) => badge(task.status)], ['Due', (ctx, task) => time(task.due_at)], ['For', (ctx, task) => task.entity_label ?? '']],
  conversations: [['Conversation', (ctx, conversation) => openButton(ctx, 'conversation', conversation, conversation.name || conversation.handle || conversation.id)], ['Channel', (ctx, conversation) => conversation.channel?.type ?? conversation.channel ?? ''], ['Status', (ctx, conversation) => badge(conversation.status)], ['Last message', (ctx, conversation) => time(conversation.last_message_at)]],
};

function renderBoard(ctx, { pipelines, pipeline, board }) {
  if (!pipeline) return h('p', {}, 'The workspace has no pipeline.');
  const stages = [...pipeline.stages].sort((a, b) => a.position - b.position);
  const names = new Map(stages.map((stage) => [stage.id, label(stage.name)]));
  const picker = h('p', {}, h('label', { for: 'pipeline' }, 'Pipeline '), h('select', { id: 'pipeline', 'data-key': 'pipeline', onchange: (event) => {
    view.pipelineId = event.target.value;
    ctx.refresh(true);
  } }, pipelines.map((candidate) => h('option', { value: candidate.id, selected: candidate.id === pipeline.id }, label(candidate.name)))));
  const columns = board.data.map((column) => h('section', { class: 'column', 'aria-labelledby': `stage-${column.stage_id}`, 'data-stage': names.get(column.stage_id) },
    h('h3', { id: `stage-${column.stage_id}` }, names.get(column.stage_id) ?? column.stage_id, ' ', h('span', { class: 'count' }, `${column.count} · ${money(column.sum, board.data[0]?.leads[0]?.currency)}`)),
    h('ul', { class: 'cards' }, column.leads.map((lead) => h('li', { class: 'card', 'data-lead': lead.number },
      openButton(ctx, 'lead', lead, `#${lead.number} ${lead.name}`),
      h('p', { class: 'muted' }, money(lead.amount, lead.currency)),
      moveForm(ctx, lead, stages, names))))));
  return [picker, h('div', { class: 'board' }, columns)];
}

/** Moves a lead to another stage with PATCH /v1/leads/{id} (spec 4.2): the same call an app makes. */
function moveForm(ctx, lead, stages, names) {
  const id = `move-${lead.id}`;
  return h('form', { class: 'move', onsubmit: async (event) => {
    event.preventDefault();
    const stageId = new FormData(event.target).get('stage_id');
    const answer = await crm(ctx.ws, 'PATCH', `/v1/leads/${lead.id}`, { stage_id: stageId });
    ctx.notify(answer.ok ? `Lead #${lead.number} moved to ${names.get(stageId)}.` : `Lead #${lead.number} not moved: ${problemOf(answer)}`, answer.ok ? 'info' : 'error');
    await ctx.refresh(true);
  } },
  h('label', { for: id, class: 'visually-hidden' }, `Stage for lead #${lead.number}`),
  h('select', { id, name: 'stage_id', 'data-key': id }, stages.map((stage) => h('option', { value: stage.id, selected: stage.id === lead.stage_id }, names.get(stage.id)))),
  h('button', { type: 'submit', 'data-key': `${id}-go`, 'aria-label': `Move lead #${lead.number}` }, 'Move'));
}

function renderRecord(ctx, detail) {
  if (detail.error) return h('section', { class: 'detail-pane' }, h('p', { class: 'error' }, detail.error));
  const { record, type } = detail;
  const title = record.number ? `${type} #${record.number}: ${record.name ?? record.title ?? ''}` : `${type} ${record.name ?? record.id}`;
  const fields = Object.entries(record).filter(([, value]) => value === null || typeof value !== 'object').map(([name, value]) => [name, value === null ? '—' : String(value)]);
  const stage = fields.find(([name]) => name === 'stage_id');
  if (stage && detail.stages?.[stage[1]]) stage[1] = `${detail.stages[stage[1]]} (${stage[1]})`;
  return h('section', { class: 'detail-pane', 'aria-labelledby': 'record-title' },
    h('h3', { id: 'record-title', tabindex: -1 }, title),
    h('details', { 'data-key': `fields-${record.id}`, open: true }, h('summary', {}, 'Fields'), pairs(fields)),
    detail.messages ? h('section', {}, h('h4', {}, 'Messages'), renderMessages(detail.messages)) : null,
    detail.timeline ? h('section', {}, h('h4', {}, 'Timeline'), renderTimeline(detail.timeline, detail.stages)) : null,
    h('section', {}, h('h4', {}, `Events (${detail.events.length})`), renderEvents(detail.events)));
}

function renderMessages(messages) {
  if (!messages.length) return h('p', {}, 'No messages.');
  return h('ol', { class: 'messages' }, [...messages].reverse().map((message) => h('li', { class: `message ${message.direction}` },
    h('p', { class: 'muted' }, `${message.direction === 'in' ? 'client' : message.author_type} · `, time(message.created_at), ' · ', badge(message.status ?? 'received')),
    h('p', {}, message.deleted_at ? '(deleted)' : message.text ?? ''))));
}

function renderTimeline(items, stages) {
  if (!items.length) return h('p', {}, 'Nothing on the timeline.');
  return h('ol', { class: 'timeline' }, items.map((item) => h('li', {},
    h('span', { class: 'muted' }, time(item.occurred_at)), ' ', badge(item.kind), ' ', timelineText(item, stages))));
}

function timelineText(item, stages) {
  const data = item.data ?? {};
  const stage = (id) => (id ? stages[id] ?? id : '(none)');
  if (item.kind === 'stage') return `${stage(data.from)} → ${stage(data.to)}`;
  if (item.kind === 'change') return `${data.label ?? data.field}: ${JSON.stringify(data.from)} → ${JSON.stringify(data.to)}`;
  return data.text ?? data.title ?? JSON.stringify(data);
}

export function renderEvents(events) {
  if (!events.length) return h('p', {}, 'No events.');
  return h('ul', { class: 'events' }, events.map((event) => h('li', {}, h('details', { 'data-key': `event-${event.id}` },
    h('summary', {}, time(event.occurred_at), ' ', h('code', {}, event.type), ' ', h('span', { class: 'muted' }, event.id)),
    json(event)))));
}
