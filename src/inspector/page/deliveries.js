// Events and deliveries: every webhook of the workspace (GET /_mock/workspaces/{ws}/webhooks)
// with its deliveries and their attempts, each attempt's request as it went out with its
// signature checked here against the webhook's secret (spec 6.2, signature.js), the receiver's
// status and answer, the next attempt's time; replay (spec 4.11) and enable-and-resend buttons
// that call the CRM interface; and the workspace's event log (GET /_mock/workspaces/{ws}/events).
import { control, crm, problemOf } from './api.js';
import { badge, h, json, pairs, time } from './dom.js';
import { renderEvents } from './record-detail.js';
import { checkSignature } from './signature.js';

const view = { type: '' };

export async function load(ctx) {
  const [webhooks, events] = await Promise.all([
    control('GET', `/workspaces/${ctx.ws}/webhooks?limit=30`),
    control('GET', `/workspaces/${ctx.ws}/events?limit=100${view.type ? `&type=${encodeURIComponent(view.type)}` : ''}`),
  ]);
  if (!webhooks.ok) throw new Error(problemOf(webhooks));
  for (const item of webhooks.body.data) {
    for (const delivery of item.deliveries) {
      for (const attempt of delivery.attempts_sent) attempt.check = attempt.request ? await checkSignature(attempt.request, item.secret) : null;
    }
  }
  return { webhooks: webhooks.body.data, events: events.body?.data ?? [], eventsError: events.ok ? null : problemOf(events) };
}

export function render(ctx, data) {
  return [
    h('h2', {}, 'Events and deliveries'),
    h('section', { 'aria-labelledby': 'webhooks-title' },
      h('h3', { id: 'webhooks-title' }, `Webhooks (${data.webhooks.length})`),
      data.webhooks.length ? data.webhooks.map((item) => renderWebhook(ctx, item)) : h('p', {}, 'No webhooks: create one with POST /v1/webhooks.')),
    h('section', { 'aria-labelledby': 'log-title' },
      h('h3', { id: 'log-title' }, 'Event log'),
      typeFilter(ctx, data),
      data.eventsError ? h('p', { class: 'error' }, data.eventsError) : renderEvents(data.events)),
  ];
}

function typeFilter(ctx) {
  return h('form', { class: 'filters', onsubmit: (event) => {
    event.preventDefault();
    view.type = new FormData(event.target).get('type').trim();
    ctx.refresh(true);
  } },
  h('label', { for: 'event-type' }, 'Event type'),
  h('input', { id: 'event-type', name: 'type', value: view.type, placeholder: 'e.g. lead.stage_changed', 'data-key': 'event-type' }),
  h('button', { type: 'submit' }, 'Filter'));
}

async function act(ctx, method, path, body, done) {
  const answer = await crm(ctx.ws, method, path, body);
  ctx.notify(answer.ok ? done(answer.body) : `${method} ${path}: ${problemOf(answer)}`, answer.ok ? 'info' : 'error');
  await ctx.refresh(true);
}

function renderWebhook(ctx, { webhook, secret, deliveries }) {
  const base = `/v1/webhooks/${webhook.id}`;
  const buttons = [h('button', { type: 'button', 'data-key': `ping-${webhook.id}`, onclick: () => act(ctx, 'POST', `${base}/ping`, undefined, () => `Ping sent to ${webhook.name}.`) }, 'Send a ping')];
  if (!webhook.active) {
    buttons.push(h('button', { type: 'button', 'data-key': `resend-${webhook.id}`, onclick: () => act(ctx, 'POST', `${base}/enable`, { resend_failed: true }, (body) => `${webhook.name} enabled; ${body.resent} failed deliveries queued again.`) }, 'Enable and resend failed'));
    buttons.push(h('button', { type: 'button', 'data-key': `enable-${webhook.id}`, onclick: () => act(ctx, 'POST', `${base}/enable`, { resend_failed: false }, () => `${webhook.name} enabled.`) }, 'Enable'));
  }
  return h('article', { class: 'webhook', 'aria-labelledby': `wh-${webhook.id}` },
    h('h4', { id: `wh-${webhook.id}` }, webhook.name, ' ', badge(webhook.active ? 'active' : 'disabled'), webhook.disabled_reason ? h('span', { class: 'muted' }, ` (${webhook.disabled_reason})`) : null),
    pairs([['URL', h('code', {}, webhook.url)], ['Events', webhook.events.join(', ')], ['Id', h('code', {}, webhook.id)], ['Signing secret', h('details', { 'data-key': `secret-${webhook.id}` }, h('summary', {}, 'show'), h('code', {}, secret))]]),
    h('p', { class: 'actions' }, buttons),
    deliveries.length ? h('ul', { class: 'deliveries' }, deliveries.map((delivery) => h('li', {}, renderDelivery(ctx, webhook, delivery)))) : h('p', {}, 'No deliveries yet.'));
}

function renderDelivery(ctx, webhook, delivery) {
  const checks = delivery.attempts_sent.map((attempt) => attempt.check).filter(Boolean);
  const signature = checks.length === 0 ? null : checks.every((check) => check.valid) ? badge('signature valid', 'valid') : badge('signature invalid', 'invalid');
  return h('details', { class: 'delivery', 'data-key': `dlv-${delivery.id}`, 'data-delivery': delivery.id },
    // The time first: ten deliveries of one event type are told apart by when they were made.
    h('summary', {},
      h('span', { class: 'muted when' }, time(delivery.created_at)), ' ',
      badge(delivery.status), ' ', h('code', {}, delivery.event_type), ' ',
      h('span', { class: 'muted' }, `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'} · answer `), badge(delivery.response_status), ' ',
      signature, delivery.replay ? [' ', badge('replay', 'replay')] : null,
      delivery.next_attempt_at ? h('span', { class: 'muted' }, ' · next attempt ', time(delivery.next_attempt_at)) : null),
    pairs([['Delivery', h('code', {}, delivery.id)], ['Event', h('code', {}, delivery.event_id)], ['Created', time(delivery.created_at)], ['Next attempt', time(delivery.next_attempt_at)], ['Last latency', delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`]]),
    h('p', { class: 'actions' }, h('button', { type: 'button', 'data-key': `replay-${delivery.id}`, onclick: () => act(ctx, 'POST', `/v1/webhooks/${webhook.id}/deliveries/${delivery.id}/replay`, undefined, (body) => `Replayed as ${body.id ?? body.delivery?.id ?? 'a new delivery'}.`) }, 'Replay')),
    h('ol', { class: 'attempts' }, delivery.attempts_sent.map((attempt, index) => h('li', {}, renderAttempt(attempt, index, delivery)))),
    h('div', { class: 'answer' }, h('h5', {}, 'Last answer body'), delivery.response_body === null ? h('p', {}, 'No answer body.') : json(delivery.response_body)),
    h('details', { 'data-key': `payload-${delivery.id}` }, h('summary', {}, 'Event payload'), json(delivery.payload)));
}

function renderAttempt(attempt, index, delivery) {
  const outcome = attempt.error ? badge(attempt.error, 'error') : badge(attempt.response_status);
  const check = attempt.check;
  return h('section', { class: 'attempt', 'aria-label': `Attempt ${index + 1}` },
    h('h5', {}, `Attempt ${index + 1} `, time(attempt.at), ' ', outcome, attempt.latency_ms === null ? '' : h('span', { class: 'muted' }, ` ${attempt.latency_ms} ms`)),
    attempt.request === null
      ? h('p', {}, attempt.error === 'url_not_allowed' ? 'Nothing was sent: the URL breaks the rules of spec 4.11.' : 'The request of this attempt was not kept.')
      : [
          h('p', { class: `signature ${check.valid ? 'valid' : 'invalid'}` }, check.valid ? '✓ Signature valid: ' : '✗ Signature invalid: ', check.reason),
          !check.valid && check.expected ? h('p', {}, 'The secret gives v1=', h('code', {}, check.expected)) : null,
          h('details', { 'data-key': `req-${delivery.id}-${index}` }, h('summary', {}, 'Request headers and body'),
            pairs(Object.entries(attempt.request.headers).map(([name, value]) => [name, h('code', {}, value)]), 'Headers'),
            // The body exactly as sent: the bytes the signature covers, not a reformatted copy.
            h('h6', {}, 'Body as sent (what the signature covers)'),
            h('pre', { class: 'code raw', tabindex: 0 }, attempt.request.body)),
        ]);
}
