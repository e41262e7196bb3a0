// Records: leads (the board by stage, and a list), contacts, companies, tasks and conversations
// of the workspace, read through the CRM interface with the page's key; search by number or
// text; one record opened with its fields, timeline (GET /v1/timeline) and events (the control
// API's event log). The CRM interface journals every read, so the page reads it again only when
// the event log moved (a change happened) or the person asked for something else.
import { control, crm, problemOf } from './api.js';
import { renderBoard, withCurrencyTotals } from './board.js';
import { badge, h, money, time } from './dom.js';
import { loadRecord, renderRecord } from './record-detail.js';

const TABS = [
  { id: 'board', name: 'Board', path: '/v1/leads/board', type: 'lead' },
  { id: 'leads', name: 'Leads', path: '/v1/leads', type: 'lead' },
  { id: 'contacts', name: 'Contacts', path: '/v1/contacts', type: 'contact' },
  { id: 'companies', name: 'Companies', path: '/v1/companies', type: 'company' },
  { id: 'tasks', name: 'Tasks', path: '/v1/tasks', type: 'task' },
  { id: 'conversations', name: 'Conversations', path: '/v1/conversations', type: 'conversation' },
];

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
    return board.ok ? { pipelines: pipelines.body.data, pipeline, board: await withCurrencyTotals(ctx, pipeline, board.body) } : { error: problemOf(board) };
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
    // The board needs the width: an opened lead goes under it; beside a list otherwise.
    h('div', { class: !data.selected ? 'single' : data.tab === 'board' ? 'stack' : 'split' },
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
  if (view.tab === 'board') return renderBoard(ctx, list, (lead) => openButton(ctx, 'lead', lead, `#${lead.number} ${lead.name}`), (pipelineId) => {
    view.pipelineId = pipelineId;
    ctx.refresh(true);
  });
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
