// Requests: the workspace's request journal (GET /_mock/workspaces/{ws}/requests), newest first,
// with each request's operation, status, request and answer, and the problems of refused ones;
// filtered by operation and status (the journal's own query). The page's own calls carry
// `X-Crmkit-Inspector` and are left out unless asked for.
import { control, OWN_REQUEST_HEADER, problemOf } from './api.js';
import { badge, h, json, pairs, time } from './dom.js';

const view = { operation: '', status: '', own: false };

export async function load(ctx) {
  const query = new URLSearchParams({ limit: '200' });
  if (view.operation) query.set('operation', view.operation);
  if (view.status) query.set('status', view.status);
  const answer = await control('GET', `/workspaces/${ctx.ws}/requests?${query}`);
  if (!answer.ok) return { error: problemOf(answer), entries: [] };
  const entries = answer.body.data.filter((entry) => view.own || !(OWN_REQUEST_HEADER in entry.request.headers));
  return { error: null, entries: entries.slice(0, 100), hidden: answer.body.data.length - entries.length };
}

export function render(ctx, data) {
  return [
    h('h2', {}, 'Requests'),
    filters(ctx),
    data.error ? h('p', { class: 'error' }, data.error) : null,
    h('p', { class: 'muted' }, `${data.entries.length} shown, newest first${data.hidden ? `; ${data.hidden} of the page's own requests hidden` : ''}.`),
    data.entries.length ? h('ul', { class: 'journal' }, data.entries.map((entry) => h('li', {}, renderEntry(entry)))) : h('p', {}, 'No requests match.'),
  ];
}

function filters(ctx) {
  return h('form', { class: 'filters', onsubmit: (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    view.operation = form.get('operation').trim();
    view.status = form.get('status');
    view.own = form.get('own') === 'on';
    ctx.refresh(true);
  } },
  h('label', { for: 'filter-operation' }, 'Operation'),
  h('input', { id: 'filter-operation', name: 'operation', value: view.operation, placeholder: 'e.g. createLead', pattern: '[A-Za-z][A-Za-z0-9]*', 'data-key': 'filter-operation' }),
  h('label', { for: 'filter-status' }, 'Status'),
  h('select', { id: 'filter-status', name: 'status', 'data-key': 'filter-status' },
    [['', 'any'], ['2xx', '2xx'], ['4xx', '4xx'], ['5xx', '5xx'], ['400', '400'], ['401', '401'], ['403', '403'], ['404', '404'], ['409', '409'], ['422', '422'], ['429', '429']]
      .map(([value, text]) => h('option', { value, selected: value === view.status }, text))),
  h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'own', checked: view.own }), ' the page\'s own requests'),
  h('button', { type: 'submit' }, 'Filter'));
}

function renderEntry(entry) {
  return h('details', { class: 'request', 'data-key': `req-${entry.id}`, 'data-status': entry.status },
    h('summary', {}, badge(entry.status), ' ', h('code', {}, `${entry.method} ${entry.path}`), ' ', h('span', { class: 'op' }, entry.operation ?? 'no route'), ' ', h('span', { class: 'muted' }, time(entry.at), ` · ${Math.round(entry.duration_ms)} ms`)),
    entry.problem ? h('div', { class: 'problem' },
      h('p', {}, h('strong', {}, entry.problem.code), ': ', entry.problem.message),
      entry.problem.fields ? h('ul', {}, Object.entries(entry.problem.fields).map(([field, text]) => h('li', {}, h('code', {}, field), ' ', text))) : null) : null,
    pairs([['Request id', h('code', {}, entry.id)], ['Operation', entry.operation ?? '—']]),
    h('div', { class: 'exchange' },
      h('section', {}, h('h4', {}, 'Request'), pairs(Object.entries(entry.request.headers).map(([name, value]) => [name, h('code', {}, value)])), entry.request.body === null ? null : json(entry.request.body)),
      h('section', {}, h('h4', {}, 'Answer'), pairs(Object.entries(entry.response.headers).map(([name, value]) => [name, h('code', {}, value)])), entry.response.body === null ? null : json(entry.response.body))));
}
