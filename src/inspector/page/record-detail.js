// One record opened: its fields, a conversation's messages, its timeline (GET /v1/timeline,
// stage moves by name) and the events that name it (the control API's event log).
import { control, crm, problemOf } from './api.js';
import { badge, h, json, label, pairs, time } from './dom.js';

const PATHS = { lead: '/v1/leads', contact: '/v1/contacts', company: '/v1/companies', task: '/v1/tasks', conversation: '/v1/conversations' };
const TIMELINES = new Set(['lead', 'contact', 'company']);

/** Stage names of the workspace and page language last asked about. */
const stages = { key: null, names: {} };

/** Stage names by id in the page's language, for the timeline's stage moves (its items name stages by id). */
async function stageNames(ctx) {
  const key = `${ctx.ws} ${document.documentElement.lang}`;
  if (stages.key !== key) {
    const pipelines = await crm(ctx.ws, 'GET', '/v1/pipelines');
    stages.names = Object.fromEntries((pipelines.body?.data ?? []).flatMap((pipeline) => pipeline.stages.map((stage) => [stage.id, label(stage.name)])));
    stages.key = key;
  }
  return stages.names;
}

export async function loadRecord(ctx, { type, id }) {
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

export function renderRecord(ctx, detail) {
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
  // A change's label is a localized name (spec 2.6): printed in the page's language, not as an object.
  if (item.kind === 'change') return `${label(data.label) || data.field}: ${JSON.stringify(data.from)} → ${JSON.stringify(data.to)}`;
  return data.text ?? data.title ?? JSON.stringify(data);
}

export function renderEvents(events) {
  if (!events.length) return h('p', {}, 'No events.');
  return h('ul', { class: 'events' }, events.map((event) => h('li', {}, h('details', { 'data-key': `event-${event.id}` },
    h('summary', {}, time(event.occurred_at), ' ', h('code', {}, event.type), ' ', h('span', { class: 'muted' }, event.id)),
    json(event)))));
}
