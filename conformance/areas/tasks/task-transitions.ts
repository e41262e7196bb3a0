import type { ActiveCheck } from '../../check.ts';
import { skipIfNotOffered } from '../../inferred-route.ts';

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
    context.expectStatus(done, 200);
    if (done.json.status !== 'done' || !done.json.completed_at) context.fail('a completed task is not done with completed_at', done);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const snoozed = await context.client.call('snoozeTask', { path: { id: task.id }, body: { until } });
    skipIfNotOffered(context, snoozed);
    context.expectError(snoozed, [400, 403, 409, 422], 'task_not_open', { code: 'tasks.error-task-not-open' }); // spec 7.3: its status is not shown
    const reopened = await context.client.call('reopenTask', { path: { id: task.id } });
    skipIfNotOffered(context, reopened);
    context.expectStatus(reopened, 200);
    if (reopened.json.status !== 'open' || reopened.json.completed_at !== null)
      context.fail('a reopened task is not open without completed_at', reopened);
  },
};
