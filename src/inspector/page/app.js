// The inspector page (/_mock/ui, issue 16): picks a workspace, shows one view at a time (hash
// routing: #records, #events, #requests, #steering) and keeps it current by polling the control
// API every POLL_MS while the page is visible. A view is `{load(ctx), render(ctx, data)}`: the
// page re-renders only when what `load` returns changed, keeping open details and focus.
import { control } from './api.js';
import { h, swap, when } from './dom.js';
import * as events from './deliveries.js';
import * as records from './records.js';
import * as requests from './requests.js';
import * as steering from './steering.js';

const VIEWS = { records, events, requests, steering };
const POLL_MS = 1500;

const $ = (id) => document.getElementById(id);
const page = { workspaceId: null, view: 'records', last: '', timer: undefined, busy: false, seq: 0 };

/** Shown in the status line (role=status): results of actions and errors. */
function notify(text, kind = 'info') {
  const notice = $('notice');
  notice.textContent = text;
  notice.dataset.kind = kind;
}

function context() {
  return { ws: page.workspaceId, notify, refresh: (force = true) => refresh(force) };
}

async function loadWorkspaces() {
  const answer = await control('GET', '/workspaces');
  const list = answer.ok ? answer.body.data : [];
  const wanted = new URLSearchParams(location.search).get('ws') ?? sessionStorage.getItem('crmkit-inspector-ws');
  const select = $('workspace');
  const chosen = list.find((ws) => ws.id === wanted)?.id ?? list.at(-1)?.id ?? null;
  const ids = list.map((ws) => ws.id).join();
  if (select.dataset.ids !== ids) {
    select.dataset.ids = ids;
    select.replaceChildren(...list.map((ws) => h('option', { value: ws.id }, `${ws.name} (${ws.slug}, ${ws.plan})`)));
    if (!list.length) select.append(h('option', { value: '' }, 'no workspace yet'));
  }
  if (!page.workspaceId || !list.some((ws) => ws.id === page.workspaceId)) choose(chosen);
  select.value = page.workspaceId ?? '';
}

function choose(workspaceId) {
  page.workspaceId = workspaceId;
  page.last = '';
  if (workspaceId) sessionStorage.setItem('crmkit-inspector-ws', workspaceId);
  const url = new URL(location.href);
  if (workspaceId) url.searchParams.set('ws', workspaceId);
  history.replaceState(null, '', url);
}

async function showClock() {
  if (!page.workspaceId) return;
  const answer = await control('GET', `/workspaces/${page.workspaceId}/clock`);
  if (answer.ok) $('clock-line').textContent = `Clock: ${when(answer.body.now)}${answer.body.frozen ? ' (frozen)' : ''}`;
}

/** Loads the current view's data and renders it when it changed (or when `force`). */
async function refresh(force = false) {
  if (page.busy && !force) return;
  page.busy = true;
  // A later refresh (the person clicked while a poll was out) wins: an older one renders nothing.
  const seq = ++page.seq;
  try {
    await loadWorkspaces();
    await showClock();
    const view = VIEWS[page.view];
    const container = $('view');
    if (!page.workspaceId) return swap(container, h('p', {}, 'The mock has no workspace yet: create one with POST /_mock/workspaces.'));
    const data = await view.load(context(), force);
    if (seq !== page.seq) return;
    const key = `${page.view} ${page.workspaceId} ${JSON.stringify(data)}`;
    if (force || key !== page.last) {
      page.last = key;
      swap(container, view.render(context(), data));
    }
    $('live-text').textContent = `live, updated ${new Date().toLocaleTimeString('en-GB')}`;
    document.body.dataset.live = 'on';
  } catch (error) {
    $('live-text').textContent = `not updating: ${error.message}`;
    document.body.dataset.live = 'off';
  } finally {
    if (seq === page.seq) page.busy = false;
  }
}

function poll() {
  clearTimeout(page.timer);
  page.timer = setTimeout(async () => {
    if (!document.hidden) await refresh();
    poll();
  }, POLL_MS);
}

function route() {
  const name = location.hash.slice(1);
  page.view = name in VIEWS ? name : 'records';
  for (const link of document.querySelectorAll('nav.views a')) {
    if (link.dataset.view === page.view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = `${link(page.view)} · crmkit inspector`;
  page.last = '';
  notify('');
  return refresh(true);
}

const link = (view) => document.querySelector(`nav.views a[data-view="${view}"]`)?.textContent ?? view;

$('workspace').addEventListener('change', (event) => {
  choose(event.target.value);
  refresh(true);
});
$('picker').addEventListener('submit', (event) => event.preventDefault());
window.addEventListener('hashchange', () => {
  route();
  $('view').focus();
});
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) refresh();
});

route().then(poll);
