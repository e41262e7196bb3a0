// The board of a pipeline (GET /v1/leads/board, spec 4.2): a column per stage with its count and
// sum and its first leads; each lead moves to another stage with a select and a button (no
// dragging: the keyboard does it too), through PATCH /v1/leads/{id} as an app would.
import { crm, problemOf } from './api.js';
import { h, label, money } from './dom.js';

export function renderBoard(ctx, { pipelines, pipeline, board }, openLead, choosePipeline) {
  if (!pipeline) return h('p', {}, 'The workspace has no pipeline.');
  const stages = [...pipeline.stages].sort((a, b) => a.position - b.position);
  const names = new Map(stages.map((stage) => [stage.id, label(stage.name)]));
  const picker = h('p', {}, h('label', { for: 'pipeline' }, 'Pipeline '), h('select', { id: 'pipeline', 'data-key': 'pipeline', onchange: (event) => choosePipeline(event.target.value) }, pipelines.map((candidate) => h('option', { value: candidate.id, selected: candidate.id === pipeline.id }, label(candidate.name)))));
  const columns = board.data.map((column) => h('section', { class: 'column', 'aria-labelledby': `stage-${column.stage_id}`, 'data-stage': names.get(column.stage_id) },
    h('h3', { id: `stage-${column.stage_id}` }, names.get(column.stage_id) ?? column.stage_id, ' ', h('span', { class: 'count' }, `${column.count} · ${money(column.sum, board.data[0]?.leads[0]?.currency)}`)),
    h('ul', { class: 'cards' }, column.leads.map((lead) => h('li', { class: 'card', 'data-lead': lead.number },
      openLead(lead),
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
