// Steering: the workspace's clock (freeze, set, advance by common steps, and what waits on it:
// GET /_mock/workspaces/{ws}/clock/scheduled), the failures on demand (/_mock/failures), the
// named faults (/_mock/faults) and the workspace's snapshot (download, and upload to put back).
import { control, problemOf } from './api.js';
import { badge, h, time } from './dom.js';

const STEPS = [['1 minute', 60], ['5 minutes', 300], ['30 minutes', 1800], ['1 hour', 3600], ['2 hours', 7200], ['6 hours', 21600], ['1 day', 86400]];
const ERRORS = ['unavailable', 'internal', 'rate_limited', 'drop', 'hang'];
const view = { faultFilter: '' };

export async function load(ctx) {
  const [clock, scheduled, failures, faults] = await Promise.all([
    control('GET', `/workspaces/${ctx.ws}/clock`),
    control('GET', `/workspaces/${ctx.ws}/clock/scheduled`),
    control('GET', '/failures'),
    control('GET', '/faults'),
  ]);
  // The clock's `now` moves every second while it follows real time; the view shows it in the header.
  return { frozen: clock.body?.frozen, scheduled: scheduled.body, failures: failures.body?.data ?? [], faults: faults.body?.data ?? [] };
}

async function act(ctx, method, path, body, done) {
  const answer = await control(method, path, body);
  ctx.notify(answer.ok ? done(answer.body) : `${method} /_mock${path}: ${problemOf(answer)}`, answer.ok ? 'info' : 'error');
  await ctx.refresh(true);
  return answer;
}

export function render(ctx, data) {
  return [h('h2', {}, 'Steering'), h('div', { class: 'panels' }, clockPanel(ctx, data), failuresPanel(ctx, data), snapshotPanel(ctx), faultsPanel(ctx, data))];
}

function clockPanel(ctx, data) {
  const path = `/workspaces/${ctx.ws}/clock`;
  const moved = (body) => `Clock at ${new Date(body.now).toISOString()}${body.frozen ? ' (frozen)' : ''}.`;
  return h('section', { class: 'panel', 'aria-labelledby': 'clock-title' },
    h('h3', { id: 'clock-title' }, 'Clock ', badge(data.frozen ? 'frozen' : 'following real time', data.frozen ? 'frozen' : 'running')),
    h('p', {}, h('button', { type: 'button', 'data-key': 'freeze', onclick: () => act(ctx, 'POST', path, { freeze: !data.frozen }, moved) }, data.frozen ? 'Unfreeze' : 'Freeze')),
    h('div', { class: 'steps', role: 'group', 'aria-label': 'Advance the clock by' }, h('span', {}, 'Advance by '),
      STEPS.map(([name, seconds]) => h('button', { type: 'button', 'data-key': `advance-${seconds}`, onclick: () => act(ctx, 'POST', path, { advance_seconds: seconds }, moved) }, `+${name}`))),
    h('form', { class: 'filters', onsubmit: (event) => {
      event.preventDefault();
      const value = new FormData(event.target).get('set');
      if (value) act(ctx, 'POST', path, { set: new Date(`${value}Z`).toISOString() }, moved);
    } },
    h('label', { for: 'clock-set' }, 'Set to (UTC)'),
    h('input', { id: 'clock-set', name: 'set', type: 'datetime-local', step: 1, 'data-key': 'clock-set' }),
    h('button', { type: 'submit' }, 'Set')),
    h('h4', {}, `Scheduled next (${data.scheduled?.pending ?? 0} on the clock)`),
    data.scheduled?.data?.length
      ? h('ol', { class: 'scheduled' }, data.scheduled.data.slice(0, 20).map((work) => h('li', {}, time(work.at), ' ', badge(work.kind.replaceAll('_', ' '), work.kind), ' ', work.detail, ' ', h('code', { class: 'muted' }, work.id))))
      : h('p', {}, 'Nothing waits on the clock.'));
}

function failuresPanel(ctx, data) {
  const put = (rules, text) => act(ctx, 'PUT', '/failures', { rules }, () => text);
  const plain = (rule) => Object.fromEntries(Object.entries(rule).filter(([name]) => name !== 'remaining' && name !== 'matched'));
  return h('section', { class: 'panel', 'aria-labelledby': 'failures-title' },
    h('h3', { id: 'failures-title' }, 'Failures on demand'),
    data.failures.length
      ? h('ul', {}, data.failures.map((rule, index) => h('li', {},
        h('code', {}, `${rule.operation ?? '*'}: ${rule.error ?? 'served'}${rule.latency_ms ? ` after ${rule.latency_ms} ms` : ''}`), ` · matched ${rule.matched}, remaining ${rule.remaining ?? 'no limit'} `,
        h('button', { type: 'button', 'data-key': `lift-${index}`, onclick: () => put(data.failures.filter((_, other) => other !== index).map(plain), 'Rule lifted.') }, 'Lift'))))
      : h('p', {}, 'None: every call is served.'),
    h('form', { class: 'filters', onsubmit: (event) => {
      event.preventDefault();
      const form = new FormData(event.target);
      const rule = { operation: form.get('operation').trim() || '*', error: form.get('error') };
      if (form.get('times')) rule.times = Number(form.get('times'));
      if (form.get('latency')) rule.latency_ms = Number(form.get('latency'));
      if (!rule.error) delete rule.error;
      put([...data.failures.map(plain), rule], 'Failure rule added.');
    } },
    h('label', { for: 'failure-operation' }, 'Operation'), h('input', { id: 'failure-operation', name: 'operation', placeholder: '* or createLead', 'data-key': 'failure-operation' }),
    h('label', { for: 'failure-error' }, 'Error'), h('select', { id: 'failure-error', name: 'error', 'data-key': 'failure-error' }, h('option', { value: '' }, 'none (latency only)'), ERRORS.map((error) => h('option', { value: error, selected: error === 'unavailable' }, error))),
    h('label', { for: 'failure-times' }, 'Times'), h('input', { id: 'failure-times', name: 'times', type: 'number', min: 1, value: 1, class: 'short', 'data-key': 'failure-times' }),
    h('label', { for: 'failure-latency' }, 'Latency ms'), h('input', { id: 'failure-latency', name: 'latency', type: 'number', min: 0, max: 60000, class: 'short', 'data-key': 'failure-latency' }),
    h('button', { type: 'submit' }, 'Add rule')),
    data.failures.length ? h('p', {}, h('button', { type: 'button', onclick: () => put([], 'All failure rules lifted.') }, 'Lift all')) : null);
}

function faultsPanel(ctx, data) {
  const on = data.faults.filter((fault) => fault.on);
  const set = (names, text) => act(ctx, 'PUT', '/faults', { on: names }, () => text);
  // Finding a fault filters the list in place: no call, no re-render under the person's typing.
  const find = (list, needle) => {
    for (const item of list.children) item.hidden = Boolean(needle) && !item.dataset.text.includes(needle.toLowerCase());
  };
  const list = h('ul', { class: 'faults' }, data.faults.map((fault) => h('li', { 'data-text': `${fault.name} ${fault.family} ${fault.description}`.toLowerCase() }, h('label', { class: 'check' },
    h('input', { type: 'checkbox', checked: fault.on, 'data-key': `fault-${fault.name}`, onchange: (event) => {
      const names = new Set(on.map((item) => item.name));
      if (event.target.checked) names.add(fault.name);
      else names.delete(fault.name);
      set([...names], `${fault.name} ${event.target.checked ? 'on' : 'off'}.`);
    } }),
    ' ', h('code', {}, fault.name), ' ', badge(fault.family, 'family'), ' ', h('span', { class: 'muted' }, fault.description)))));
  find(list, view.faultFilter);
  return h('section', { class: 'panel wide', 'aria-labelledby': 'faults-title' },
    h('h3', { id: 'faults-title' }, `Named faults (${on.length} on of ${data.faults.length})`),
    h('p', { class: 'muted' }, 'Each breaks one rule of the spec on purpose, for the whole mock.'),
    on.length ? h('p', {}, 'On: ', on.map((fault) => [h('code', {}, fault.name), ' ']), h('button', { type: 'button', onclick: () => set([], 'All faults off.') }, 'All off')) : null,
    h('p', {}, h('label', { for: 'fault-filter' }, 'Find a fault '), h('input', { id: 'fault-filter', type: 'search', value: view.faultFilter, 'data-key': 'fault-filter', oninput: (event) => {
      view.faultFilter = event.target.value;
      find(list, view.faultFilter);
    } })),
    list);
}

function snapshotPanel(ctx) {
  const path = `/workspaces/${ctx.ws}/snapshot`;
  return h('section', { class: 'panel', 'aria-labelledby': 'snapshot-title' },
    h('h3', { id: 'snapshot-title' }, 'Snapshot'),
    h('p', {}, h('a', { href: `/_mock${path}`, download: `${ctx.ws}.json`, class: 'button' }, 'Download the snapshot')),
    h('form', { class: 'filters', onsubmit: async (event) => {
      event.preventDefault();
      const file = new FormData(event.target).get('snapshot');
      if (!file || !file.size) return ctx.notify('Choose a snapshot file first.', 'error');
      let body;
      try {
        body = JSON.parse(await file.text());
      } catch {
        return ctx.notify(`${file.name} is not JSON.`, 'error');
      }
      act(ctx, 'PUT', path, body, () => `Workspace put back from ${file.name}.`);
    } },
    h('label', { for: 'snapshot-file' }, 'Put back from a file'),
    h('input', { id: 'snapshot-file', name: 'snapshot', type: 'file', accept: 'application/json,.json' }),
    h('button', { type: 'submit' }, 'Upload')));
}
