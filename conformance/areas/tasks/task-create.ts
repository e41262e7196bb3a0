// Spec 2.12, 3, 4.10: a task is created open with the create table's defaults (type follow_up)
// and every field of 2.12; its number reads it like its id; what was sent is shown back; a task
// about a record names it with a label. Refused: no title, no assignee_id from an API key,
// all_day without due_at, an unknown type, a due_at without offset, and (on a mock, with a key
// made without leads:read) a task about a lead the key cannot read. A task item about the new task
// on its lead's timeline, where there is one, names the key as its actor.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { activeMembers, createTask, fieldProblem, hoursAfter, mockKey, refusedValue, targetNow } from '../../kits/tag-kit.ts';

const TASK_FIELDS = [
  'id',
  'number',
  'title',
  'type',
  'due_at',
  'all_day',
  'duration_min',
  'assignee',
  'entity_type',
  'entity_id',
  'entity_label',
  'status',
  'result',
  'completed_at',
  'snoozed_until',
  'created_by',
  'created_at',
  'overdue',
];

export const taskCreate: ActiveCheck = {
  kind: 'active',
  id: 'tasks.task-create',
  area: 'tasks',
  title:
    'a task is created open with its defaults and every field, shows what was sent, reads by number, and refuses a missing title or assignee, all_day without due_at, a bad type or due_at',
  spec: '2.12, 3, 4.10',
  basis: 'documented',
  writes: true,
  async run(context) {
    const [member] = await activeMembers(context);
    const plain = await createTask(context, { assignee_id: member!.id });
    judgeDefaults(context, plain, member!.id);
    const byNumber = await context.client.call('getTask', { path: { id: String(plain.number) } });
    context.judge(
      'tasks.number',
      (!Number.isInteger(plain.number) || byNumber.status !== 200 || byNumber.json?.id !== plain.id) &&
        `task number ${plain.number} read ${byNumber.status} ${byNumber.json?.id}, not the task ${plain.id}`,
      byNumber,
    );
    const lead = await context.createLead();
    await judgeFullTask(context, member!.id, lead.id);
    await judgeRefusals(context, member!.id);
    await judgeEntityScope(context, member!.id, lead.id);
  },
};

function judgeDefaults(context: CheckContext, task: any, memberId: string): void {
  const missing = TASK_FIELDS.filter((field) => !(field in task));
  context.judge('tasks.fields', missing.length > 0 && `the task lacks ${missing.join(', ')}`);
  context.judge('tasks.id-prefix', !/^tk_[0-9a-z]{26}$/.test(task.id) && `the task's id is ${task.id}`);
  context.judge('tasks.create-default-type', task.type !== 'follow_up' && `a task created without type is ${task.type}, not follow_up`);
  context.judge('tasks.create-open', task.status !== 'open' && `a new task is ${task.status}`);
  context.judge(
    'tasks.assignee-object',
    (task.assignee?.id !== memberId || typeof task.assignee?.name !== 'string') &&
      `assignee is ${JSON.stringify(task.assignee)}, not {id: ${memberId}, name}`,
  );
  context.judge(
    'tasks.create-created-by',
    (typeof task.created_by !== 'object' || task.created_by === null || typeof task.created_by.id !== 'string') &&
      `created_by is ${JSON.stringify(task.created_by)}`,
  );
}

/** Every field sent shown back, and the lead it is about. */
async function judgeFullTask(context: CheckContext, memberId: string, leadId: string): Promise<void> {
  const dueAt = hoursAfter(await targetNow(context), 48).replace('Z', '+05:00');
  const sent = {
    title: `conformance ${context.runId} meeting`,
    type: 'meeting',
    due_at: dueAt,
    all_day: false,
    duration_min: 45,
    assignee_id: memberId,
    entity_type: 'lead',
    entity_id: leadId,
  };
  const task = await createTask(context, sent);
  const differs = ['title', 'type', 'all_day', 'duration_min'].filter((field) => task[field] !== (sent as any)[field]);
  if (Date.parse(task.due_at) !== Date.parse(dueAt)) differs.push('due_at');
  if (task.assignee?.id !== memberId) differs.push('assignee');
  context.judge(
    'tasks.create-values-kept',
    differs.length > 0 && `the task shows other ${differs.join(', ')} than sent: ${JSON.stringify(task)}`,
  );
  context.judge(
    'tasks.entity',
    (task.entity_type !== 'lead' || task.entity_id !== leadId || typeof task.entity_label !== 'string' || !task.entity_label) &&
      `a task about lead ${leadId} shows entity ${task.entity_type} ${task.entity_id} labelled ${JSON.stringify(task.entity_label)}`,
  );
  await judgeTimelineActor(context, leadId, task.id);
}

/** A task item about this task on the lead's timeline, if the deployment writes one, names the key that created it (spec 2.6). */
async function judgeTimelineActor(context: CheckContext, leadId: string, taskId: string): Promise<void> {
  const whoami = await context.client.call('getWhoami');
  const timeline = await context.client.call('listTimeline', { query: { entity_type: 'lead', entity_id: leadId, kinds: 'task' } });
  const items: any[] = (timeline.json?.data ?? []).filter((item: any) => item.kind === 'task' && item.ref_id === taskId);
  const wrong = items.find((item) => item.actor?.type !== 'api_key' || (whoami.json?.id !== undefined && item.actor.id !== whoami.json.id));
  context.judge(
    'tasks.timeline-actor',
    wrong &&
      `the lead's timeline item about the task the key created names actor ${JSON.stringify(wrong.actor)}, not {type: api_key, id: ${whoami.json?.id}}`,
    timeline,
  );
}

async function judgeRefusals(context: CheckContext, memberId: string): Promise<void> {
  const post = (body: Record<string, unknown>) =>
    attempt(context, { title: `conformance ${context.runId} refused`, assignee_id: memberId, ...body });
  const noTitle = await attempt(context, { assignee_id: memberId });
  context.judge('tasks.create-title-required', refusedValue(noTitle) && `a task without title ${refusedValue(noTitle)}`, noTitle);
  const noAssignee = await attempt(context, { title: `conformance ${context.runId} refused` });
  // Spec 4.10 states assignee_id is required for API keys; the answer, 422 under assignee_id, is crmkit's reading.
  const withoutAssignee = `a task from an API key without assignee_id answered ${noAssignee.status}`;
  const taken = noAssignee.status < 400 && `${withoutAssignee}; assignee_id is required for API keys`;
  context.judge('tasks.create-assignee-required', taken, noAssignee);
  const expected = noAssignee.status === 422 && fieldProblem(noAssignee, 'assignee_id');
  const otherAnswer = !expected && `${withoutAssignee}, not 422 under assignee_id`;
  if (noAssignee.status >= 400) context.judge('tasks.create-assignee-required-answer', otherAnswer, noAssignee);
  const allDay = await post({ all_day: true });
  context.judge(
    'tasks.create-all-day-needs-due',
    (allDay.status !== 422 || allDay.json?.error?.code !== 'validation_failed') &&
      `all_day without due_at answered ${allDay.status}, not 422 validation_failed`,
    allDay,
  );
  const badType = await post({ type: 'errand' });
  context.judge('tasks.type-values', refusedValue(badType) && `type errand ${refusedValue(badType)}`, badType);
  const noOffset = await post({ due_at: '2031-03-01T10:00:00' });
  context.judge('tasks.due-at-offset', refusedValue(noOffset) && `a due_at without offset ${refusedValue(noOffset)}`, noOffset);
}

/** A POST expected to be refused; anything it creates is deleted at the end. */
async function attempt(context: CheckContext, body: Record<string, unknown>): Promise<Exchange> {
  // send, not call: bodies the document refuses (no title, a type it does not list) are not of createTask's type.
  const answer = await context.client.send('POST', '/v1/tasks', { body });
  if (answer.status === 201) context.cleanup(() => context.client.call('deleteTask', { path: { id: answer.json.id } }));
  return answer;
}

/** A key with tasks:write but no leads:read cannot make a task about a lead (a mock makes that key). */
async function judgeEntityScope(context: CheckContext, memberId: string, leadId: string): Promise<void> {
  if (!context.target.mock) return;
  const key = await mockKey(context, ['tasks:read', 'tasks:write']);
  const answer = await context.client.call('createTask', {
    key,
    body: { title: `conformance ${context.runId} scope`, assignee_id: memberId, entity_type: 'lead', entity_id: leadId },
  });
  if (answer.status === 201) context.cleanup(() => context.client.call('deleteTask', { path: { id: answer.json.id } }));
  context.judge(
    'tasks.create-entity-scope',
    (answer.status !== 403 || answer.json?.error?.code !== 'missing_scope') &&
      `a task about a lead from a key without leads:read answered ${answer.status}, not 403 missing_scope`,
    answer,
  );
}
