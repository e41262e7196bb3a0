import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { skipIfNotOffered } from '../../inferred-route.ts';

// Spec 3 (Task), 4.10, 7.3. The sub-routes' methods are not shown (POST is crmkit's reading), nor
// what they answer: a success of any 2xx, the task read again unless the answer is the task. Once
// POST answered as the route, what the spec says it does is judged as stated (inferred-route.ts).

export const taskTransitions: ActiveCheck = {
  kind: 'active',
  id: 'tasks.task-transitions',
  area: 'tasks',
  title: 'a task completes with completed_at, a done task cannot be snoozed (task_not_open), and reopens',
  spec: '3, 4.10',
  basis: 'documented',
  writes: true,
  async run(context) {
    const members = await context.client.call('listMembers');
    const me = members.json?.data?.find((member: { is_me: boolean }) => member.is_me) ?? members.json?.data?.[0];
    if (!me) context.skip('GET /v1/members lists no member to assign a task to');
    const created = await context.client.call('createTask', { body: { title: `conformance ${context.runId}`, assignee_id: me.id } });
    context.expectStatus(created, 201);
    const task = created.json;
    context.cleanup(() => context.client.call('deleteTask', { path: { id: task.id } }));
    const done = await context.client.call('completeTask', { path: { id: task.id }, body: { result: 'called back' } });
    skipIfNotOffered(context, done);
    const doneTask = await taskAfter(context, task.id, done);
    if (doneTask?.status !== 'done' || !doneTask?.completed_at) context.fail('a completed task is not done with completed_at', done);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const snoozed = await context.client.call('snoozeTask', { path: { id: task.id }, body: { until } });
    skipIfNotOffered(context, snoozed);
    context.expectError(snoozed, [400, 403, 409, 422], 'task_not_open', { code: 'tasks.error-task-not-open' }); // spec 7.3: its status is not shown
    const reopened = await context.client.call('reopenTask', { path: { id: task.id } });
    skipIfNotOffered(context, reopened);
    const reopenedTask = await taskAfter(context, task.id, reopened);
    if (reopenedTask?.status !== 'open' || reopenedTask?.completed_at !== null)
      context.fail('a reopened task is not open without completed_at', reopened);
  },
};

/** The task after a sub-route: its answer when that is the task (crmkit's design), else the task read again. */
async function taskAfter(context: CheckContext, id: string, answer: Exchange): Promise<any> {
  if (answer.status < 200 || answer.status >= 300)
    context.fail(`${answer.request.method} ${answer.operation?.path} answered ${answer.status}, not 2xx`, answer);
  if (answer.json?.id === id && typeof answer.json?.status === 'string') return answer.json;
  return (await context.client.call('getTask', { path: { id } })).json;
}
