// The board of a pipeline (GET /v1/leads/board, spec 4.2): a column per stage with its count, its
// totals per currency and its first leads; each lead moves to another stage with a select and a
// button (no dragging: the keyboard does it too), through PATCH /v1/leads/{id} as an app would,
// with the loss reason a lost stage needs (spec 3: `loss_reason` in the same request).
import { crm, problemOf } from './api.js';
import { h, label, money } from './dom.js';

/** Pages of a stage's leads read for its totals: the board holds only its first leads. */
const TOTAL_PAGES = 8;

/**
 * Each column's totals per currency (`totals`: currency -> minor units). Spec 4.2's `sum` adds
 * amounts of every currency together, so the page adds them up per currency itself: from the
 * column's leads when it holds them all, else from the stage's leads listed (GET /v1/leads).
 */
export async function withCurrencyTotals(ctx, pipeline, board) {
  for (const column of board.data) {
    const leads = column.leads.length >= column.count ? column.leads : await stageLeads(ctx, pipeline.id, column.stage_id);
    column.totals = totalsOf(leads);
    column.totalsPartial = leads.length < column.count;
  }
  return board;
}

async function stageLeads(ctx, pipelineId, stageId) {
  const leads = [];
  let cursor = '';
  for (let page = 0; page < TOTAL_PAGES; page += 1) {
    const query = new URLSearchParams({ pipeline: pipelineId, stage: stageId, limit: '250', ...(cursor ? { cursor } : {}) });
    const answer = await crm(ctx.ws, 'GET', `/v1/leads?${query}`);
    if (!answer.ok) break;
    leads.push(...answer.body.data);
    cursor = answer.body.next_cursor;
    if (!cursor) break;
  }
  return leads;
}

function totalsOf(leads) {
  const totals = new Map();
  for (const lead of leads) totals.set(lead.currency, (totals.get(lead.currency) ?? 0) + (lead.amount ?? 0));
  return [...totals].sort(([a], [b]) => a.localeCompare(b));
}

/** `2 · 1,500 USD + 12,500 UZS`: the count, then a total per currency (spec 2.1: amounts of different currencies do not add up). */
function columnLine(column) {
  const totals = column.totals.map(([currency, sum]) => money(sum, currency)).join(' + ');
  return `${column.count}${totals ? ` · ${totals}` : ''}${column.totalsPartial ? ' (of the leads read)' : ''}`;
}

export function renderBoard(ctx, { pipelines, pipeline, board }, openLead, choosePipeline) {
  if (!pipeline) return h('p', {}, 'The workspace has no pipeline.');
  const stages = [...pipeline.stages].sort((a, b) => a.position - b.position);
  const names = new Map(stages.map((stage) => [stage.id, label(stage.name)]));
  const picker = h('p', {}, h('label', { for: 'pipeline' }, 'Pipeline '), h('select', { id: 'pipeline', 'data-key': 'pipeline', onchange: (event) => choosePipeline(event.target.value) }, pipelines.map((candidate) => h('option', { value: candidate.id, selected: candidate.id === pipeline.id }, label(candidate.name)))));
  const columns = board.data.map((column) => h('section', { class: 'column', 'aria-labelledby': `stage-${column.stage_id}`, 'data-stage': names.get(column.stage_id) },
    h('h3', { id: `stage-${column.stage_id}` }, names.get(column.stage_id) ?? column.stage_id, ' ', h('span', { class: 'count' }, columnLine(column))),
    h('ul', { class: 'cards' }, column.leads.map((lead) => h('li', { class: 'card', 'data-lead': lead.number },
      openLead(lead),
      h('p', { class: 'muted' }, money(lead.amount, lead.currency)),
      moveForm(ctx, lead, stages, names))))));
  return [picker, h('div', { class: 'board' }, columns)];
}

/** Moves a lead to another stage with PATCH /v1/leads/{id} (spec 4.2): the same call an app makes. */
function moveForm(ctx, lead, stages, names) {
  const id = `move-${lead.id}`;
  const lost = new Set(stages.filter((stage) => stage.type === 'lost').map((stage) => stage.id));
  const reason = h('input', { id: `${id}-reason`, name: 'loss_reason', 'data-key': `${id}-reason`, placeholder: 'e.g. Too expensive', autocomplete: 'off' });
  // Shown while another stage that is lost is chosen: the move that needs a reason.
  const reasonField = h('p', { class: 'loss-reason', hidden: true }, h('label', { for: `${id}-reason` }, 'Loss reason '), reason);
  const showReason = (stageId) => {
    reasonField.hidden = !(lost.has(stageId) && stageId !== lead.stage_id);
  };
  return h('form', { class: 'move', onsubmit: async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const stageId = form.get('stage_id');
    const lossReason = String(form.get('loss_reason') ?? '').trim();
    showReason(stageId);
    if (lost.has(stageId) && !lossReason) {
      ctx.notify(`Lead #${lead.number} not moved: ${names.get(stageId)} is a lost stage, which needs a loss reason.`, 'error');
      reason.focus();
      return;
    }
    const body = lost.has(stageId) ? { stage_id: stageId, loss_reason: lossReason } : { stage_id: stageId };
    const answer = await crm(ctx.ws, 'PATCH', `/v1/leads/${lead.id}`, body);
    ctx.notify(answer.ok ? `Lead #${lead.number} moved to ${names.get(stageId)}.` : `Lead #${lead.number} not moved: ${problemOf(answer)}`, answer.ok ? 'info' : 'error');
    await ctx.refresh(true);
  } },
  h('label', { for: id, class: 'visually-hidden' }, `Stage for lead #${lead.number}`),
  h('select', { id, name: 'stage_id', 'data-key': id, onchange: (event) => showReason(event.target.value), onrestored: (event) => showReason(event.target.value) }, stages.map((stage) => h('option', { value: stage.id, selected: stage.id === lead.stage_id }, names.get(stage.id)))),
  h('button', { type: 'submit', 'data-key': `${id}-go`, 'aria-label': `Move lead #${lead.number}` }, 'Move'),
  reasonField);
}
