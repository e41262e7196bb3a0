// Spec 2.12, 3 (Task), 4.10, 7.3: `overdue` for an open task past due; complete (with `result`)
// makes it done with completed_at; a done task cannot be snoozed (task_not_open, unchanged);
// reopen makes it open; snooze keeps an open task open with snoozed_until; reschedule replaces
// due_at and duration_min in any state and keeps the status; PATCH changes only what is sent;
// delete takes a task out of reads and lists, restore brings it back with its number; on a mock,
// a key of tasks:read alone may not complete or reschedule (tasks:write). The five
// sub-routes' methods are not shown (POST is crmkit's reading), nor what they answer: the task is
// read again unless the answer is the task. Once POST answered as the route, what spec 3 and 4.10
// say it does is judged as stated (inferred-route.ts `answeredAsRoute`). Due times sit a day or more away
// from the target's now (a mock's workspace clock, which other checks move).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { OperationParameters } from '../../operation-call.ts';
import { activeMembers, createTask, hoursAfter, mockKey, targetNow } from '../../kits/tag-kit.ts';

export const taskStates: ActiveCheck = {
  kind: 'active',
  id: 'tasks.task-states',
  area: 'tasks',
  title:
    'tasks: overdue, complete with result, task_not_open for a done task, reopen, snooze, reschedule in any state, PATCH, delete and restore',
  spec: '2.12, 3, 4.10, 7.3',
  // The methods of complete, reopen, snooze, reschedule and restore are not shown (POST is crmkit's reading).
  basis: 'documented',
  writes: true,
  async run(context) {
    const [member] = await activeMembers(context);
    const now = await targetNow(context);
    const late = await createTask(context, {
      title: `conformance ${context.runId} late`,
      assignee_id: member!.id,
      due_at: hoursAfter(now, -30),
    });
    const lead = await context.createLead();
    const ahead = await createTask(context, {
      title: `conformance ${context.runId} ahead`,
      assignee_id: member!.id,
      due_at: hoursAfter(now, 30 * 24),
      duration_min: 15,
      entity_type: 'lead',
      entity_id: lead.id,
    });
    context.judge(
      'tasks.overdue',
      (late.overdue !== true || ahead.overdue !== false) &&
        `overdue is ${late.overdue} for an open task due 30 hours ago and ${ahead.overdue} for one due in 30 days`,
    );

    const done = await action(context, 'completeTask', { path: { id: late.id }, body: { result: 'reached the client' } });
    const doneTask = await taskAfter(context, late.id, done);
    const completeProblem =
      doneTask?.status !== 'done' || !doneTask?.completed_at
        ? `complete answered status ${doneTask?.status}, completed_at ${doneTask?.completed_at}`
        : undefined;
    context.judge('tasks.complete', completeProblem, done);
    context.judge(
      'tasks.complete-result',
      doneTask?.result !== 'reached the client' && `the result sent on complete shows as ${JSON.stringify(doneTask?.result)}`,
      done,
    );
    context.judge(
      'tasks.status-values',
      ![late.status, doneTask?.status].every((status) => status === 'open' || status === 'done') &&
        `statuses ${late.status}, ${doneTask?.status}`,
    );
    await judgeDoneNotSnoozed(context, late.id, hoursAfter(now, 24));
    const reopened = await action(context, 'reopenTask', { path: { id: late.id } });
    const reopenedTask = await taskAfter(context, late.id, reopened);
    context.judge(
      'tasks.reopen',
      (reopenedTask?.status !== 'open' || reopenedTask?.completed_at !== null) &&
        `reopen answered status ${reopenedTask?.status}, completed_at ${reopenedTask?.completed_at}`,
      reopened,
    );

    const until = hoursAfter(now, 48);
    const snoozed = await action(context, 'snoozeTask', { path: { id: ahead.id }, body: { until } });
    const snoozedTask = await taskAfter(context, ahead.id, snoozed);
    context.judge(
      'tasks.snooze-open',
      (snoozedTask?.status !== 'open' || Date.parse(snoozedTask?.snoozed_until) !== Date.parse(until)) &&
        `snoozing an open task answered status ${snoozedTask?.status}, snoozed_until ${snoozedTask?.snoozed_until}, not open until ${until}`,
      snoozed,
    );
    await judgeSubrouteScope(context, ahead.id);
    await judgeReschedule(context, late.id, now);
    await judgePatch(context, ahead);
    await judgeTrash(context, ahead);
  },
};

type TaskAction = 'completeTask' | 'reopenTask' | 'snoozeTask' | 'rescheduleTask' | 'restoreTask';

/** A sub-route of the task: a success expected (method POST, crmkit's reading of spec 4.10). */
async function action<Id extends TaskAction>(context: CheckContext, operation: Id, parameters: OperationParameters<Id>): Promise<Exchange> {
  const answer = await context.client.call(operation, parameters);
  const name = new URL(answer.request.url).pathname.split('/').pop();
  if (answer.status < 200 || answer.status >= 300)
    context.fail(`POST /v1/tasks/{id}/${name} answered ${answer.status}, not 200`, answer, 'tasks.subroute-methods');
  return answer;
}

/**
 * The task after a sub-route: its answer when that is the task (crmkit's design), else the task
 * read again (spec 4.10 does not show what the sub-routes answer; GET /v1/tasks/{id} is stated).
 */
async function taskAfter(context: CheckContext, id: string, answer: Exchange): Promise<any> {
  if (answer.json?.id === id && typeof answer.json?.status === 'string') return answer.json;
  return (await context.client.call('getTask', { path: { id } })).json;
}

async function judgeDoneNotSnoozed(context: CheckContext, id: string, until: string): Promise<void> {
  const answer = await context.client.call('snoozeTask', { path: { id }, body: { until } });
  const read = await context.client.call('getTask', { path: { id } });
  const problem =
    answer.status < 400 || answer.status >= 500 || answer.json?.error?.code !== 'task_not_open'
      ? `snoozing a done task answered ${answer.status} ${answer.json?.error?.code ?? ''}, not task_not_open`
      : read.json?.status !== 'done' || read.json?.snoozed_until
        ? `the refused snooze left the task ${read.json?.status} snoozed until ${read.json?.snoozed_until}`
        : undefined;
  context.judge('tasks.snooze-not-open', problem, answer);
  context.judge('tasks.error-task-not-open', problem, answer);
}

/** A key with tasks:read alone may not complete or reschedule a task (spec 4.10: tasks:write), and the task stays as it was (a mock makes that key). */
async function judgeSubrouteScope(context: CheckContext, id: string): Promise<void> {
  if (!context.target.mock) return;
  const key = await mockKey(context, ['tasks:read']);
  const before = await context.client.call('getTask', { path: { id } });
  for (const [name, request] of [
    ['complete', () => context.client.call('completeTask', { path: { id }, key, body: {} })],
    ['reschedule', () => context.client.call('rescheduleTask', { path: { id }, key, body: { due_at: before.json?.due_at } })],
  ] as const) {
    const answer = await request();
    const refused = answer.status === 403 && answer.json?.error?.code === 'missing_scope';
    context.judge(
      'tasks.subroute-methods',
      !refused &&
        `${name} with a key of tasks:read alone answered ${answer.status} ${answer.json?.error?.code ?? answer.json?.status ?? ''}, not 403 missing_scope`,
      answer,
    );
  }
  const after = await context.client.call('getTask', { path: { id } });
  context.judge(
    'tasks.subroute-methods',
    after.json?.status !== before.json?.status && `refused sub-routes left the task ${after.json?.status}, not ${before.json?.status}`,
    after,
  );
}

/** Open: due_at replaced, still open; done: still done, duration_min replaced too. */
async function judgeReschedule(context: CheckContext, id: string, now: number): Promise<void> {
  const open = await action(context, 'rescheduleTask', { path: { id }, body: { due_at: hoursAfter(now, 72) } });
  const openTask = await taskAfter(context, id, open);
  await action(context, 'completeTask', { path: { id } });
  const done = await action(context, 'rescheduleTask', { path: { id }, body: { due_at: hoursAfter(now, 96), duration_min: 90 } });
  const doneTask = await taskAfter(context, id, done);
  const problem =
    openTask?.status !== 'open' || Date.parse(openTask?.due_at) !== Date.parse(hoursAfter(now, 72))
      ? `rescheduling an open task answered status ${openTask?.status}, due_at ${openTask?.due_at}`
      : doneTask?.status !== 'done' || Date.parse(doneTask?.due_at) !== Date.parse(hoursAfter(now, 96)) || doneTask?.duration_min !== 90
        ? `rescheduling a done task answered status ${doneTask?.status}, due_at ${doneTask?.due_at}, duration_min ${doneTask?.duration_min}`
        : undefined;
  context.judge('tasks.reschedule', problem, problem?.includes('open task') ? open : done);
}

async function judgePatch(context: CheckContext, task: any): Promise<void> {
  const title = `conformance ${context.runId} renamed`;
  const patched = await context.client.call('updateTask', { path: { id: task.id }, body: { title } });
  const kept = patched.json?.type === task.type && patched.json?.duration_min === task.duration_min && patched.json?.due_at === task.due_at;
  context.judge(
    'tasks.patch-fields',
    (patched.status !== 200 || patched.json?.title !== title || !kept) &&
      `PATCH of the title answered ${patched.status} with ${JSON.stringify(patched.json)}`,
    patched,
  );
}

/** The task is about a lead of the run's own, so the lead's task list shows whether it left. */
async function judgeTrash(context: CheckContext, task: any): Promise<void> {
  const query = { status: 'all', snoozed: 'include', entity_type: 'lead', entity_id: task.entity_id } as const;
  const before = await context.client.call('listTasks', { query });
  if (!(before.json?.data ?? []).some((item: { id: string }) => item.id === task.id))
    context.fail("the lead's task list does not show its task", before, 'tasks.list-deleted-left-out');
  const deleted = await context.client.call('deleteTask', { path: { id: task.id } });
  const read = await context.client.call('getTask', { path: { id: task.id } });
  const listed = await context.client.call('listTasks', { query });
  const stillListed = (listed.json?.data ?? []).some((item: { id: string }) => item.id === task.id);
  context.judge(
    'tasks.delete-trash',
    (deleted.status !== 200 || (read.status !== 404 && read.status !== 410)) &&
      `delete answered ${deleted.status} and a read after it ${read.status}, not 404 or 410`,
    read,
  );
  context.judge('tasks.list-deleted-left-out', stillListed && 'a deleted task is still listed', listed);
  const restored = await action(context, 'restoreTask', { path: { id: task.id } });
  const again = await context.client.call('getTask', { path: { id: task.id } });
  // The answer's number too when the restore answers the task (a number is kept on restore: spec 2.1).
  const number = restored.json?.id === task.id && 'number' in restored.json ? restored.json.number : again.json?.number;
  context.judge(
    'tasks.restore',
    (again.status !== 200 || again.json?.number !== task.number || number !== task.number) &&
      `after restore the task reads ${again.status} with number ${number}, not 200 with ${task.number}`,
    restored,
  );
  context.judge('tasks.subroute-methods', undefined);
}
