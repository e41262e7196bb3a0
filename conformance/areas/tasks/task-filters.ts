// Spec 4.10: the task list's filters: status (open by default, done, all), assignee (all by
// default, a member id, me), type, entity_type with entity_id, the due buckets, q, and
// snoozed=include (open lists leave snoozed tasks out otherwise). Six tasks of the run's own,
// all about one lead of the run's: every list is narrowed to that lead (what `q` searches is not
// shown, the record filter is), and only the run's tasks are judged; a seventh task about a
// second lead tells whether the record filter works. Due times sit far from any bucket boundary (a day late, 30 days ahead,
// none), since the spec does not show the boundaries or the workspace's time zone.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { OperationParameters } from '../../operation-call.ts';
import { activeMembers, createTask, hoursAfter, targetNow } from '../../kits/tag-kit.ts';

type Tasks = Record<'late' | 'undated' | 'later' | 'done' | 'snoozed' | 'other', string>;

export const taskFilters: ActiveCheck = {
  kind: 'active',
  id: 'tasks.task-filters',
  area: 'tasks',
  title:
    'the task list filters by status (open by default), assignee, type, record, due bucket and q, and leaves snoozed tasks out unless snoozed=include',
  spec: '4.10',
  basis: 'documented',
  writes: true,
  async run(context) {
    const members = await activeMembers(context);
    if (members.length < 2) context.skip(`the assignee filter needs two active members: GET /v1/members lists ${members.length}`);
    const [first, second] = [members[0]!.id, members[1]!.id];
    const now = await targetNow(context);
    const lead = await context.createLead();
    const otherLead = await context.createLead();
    const about = { entity_type: 'lead', entity_id: lead.id };
    const title = (word: string) => `conformance ${context.runId} ${word}`;
    const tasks: Tasks = {
      late: (await createTask(context, { title: title('late'), type: 'call', assignee_id: first, due_at: hoursAfter(now, -30), ...about }))
        .id,
      undated: (await createTask(context, { title: title('undated'), type: 'meeting', assignee_id: second, ...about })).id,
      later: (await createTask(context, { title: title('zephyrine'), assignee_id: first, due_at: hoursAfter(now, 30 * 24), ...about })).id,
      done: (await createTask(context, { title: title('done'), assignee_id: first, ...about })).id,
      snoozed: (await createTask(context, { title: title('snoozed'), assignee_id: first, ...about })).id,
      other: (await createTask(context, { title: title('other'), assignee_id: second, type: 'custom', ...about })).id,
    };
    // The sub-routes' methods are not shown (POST is crmkit's reading): without them there is no done or snoozed task to filter.
    const completed = await context.client.call('completeTask', { path: { id: tasks.done } });
    const snoozed = await context.client.call('snoozeTask', { path: { id: tasks.snoozed }, body: { until: hoursAfter(now, 48) } });
    if (completed.status !== 200 || snoozed.status !== 200)
      context.skip(
        `POST /v1/tasks/{id}/complete and /snooze answered ${completed.status} and ${snoozed.status}; tasks.task-states judges those routes`,
      );
    const elsewhere = (
      await createTask(context, { title: title('elsewhere'), assignee_id: first, entity_type: 'lead', entity_id: otherLead.id })
    ).id;
    const ours = new Set([...Object.values(tasks), elsewhere]);
    const list = async (query: OperationParameters<'listTasks'>['query'] = {}, record = lead.id) => {
      const answer = await context.client.call('listTasks', { query: { limit: 250, entity_type: 'lead', entity_id: record, ...query } });
      context.expectStatus(answer, 200);
      return (answer.json?.data ?? []).map((task: { id: string }) => task.id).filter((id: string) => ours.has(id)) as string[];
    };
    const open = [tasks.late, tasks.undated, tasks.later, tasks.other];
    const byDefault = await list({});
    // Whether the snoozed task shows is the snoozed rule's; the default status is judged without it.
    await expect(
      context,
      'tasks.list-status-default-open',
      'no status',
      byDefault.filter((id) => id !== tasks.snoozed),
      open,
      tasks,
    );
    await expect(context, 'tasks.list-snoozed', 'no snoozed parameter', byDefault, open, tasks);
    await expect(context, 'tasks.list-snoozed', 'snoozed=include', await list({ snoozed: 'include' }), [...open, tasks.snoozed], tasks);
    await expect(context, 'tasks.list-status', 'status=done', await list({ status: 'done' }), [tasks.done], tasks);
    const all = await list({ status: 'all', snoozed: 'include' });
    await expect(context, 'tasks.list-status', 'status=all', all, Object.values(tasks), tasks);
    await expect(
      context,
      'tasks.list-assignee',
      `assignee=${second}`,
      await list({ assignee: second }),
      [tasks.undated, tasks.other],
      tasks,
    );
    await expect(
      context,
      'tasks.list-assignee',
      'assignee=all',
      await list({ assignee: 'all', snoozed: 'include' }),
      [...open, tasks.snoozed],
      tasks,
    );
    await judgeMe(context, await list({ assignee: 'me', status: 'all', snoozed: 'include' }), tasks, first, second);
    await expect(context, 'tasks.list-type', 'type=call', await list({ type: 'call' }), [tasks.late], tasks);
    await expect(context, 'tasks.list-entity', `the second lead's entity_id`, await list({}, otherLead.id), [elsewhere], tasks);
    await expect(
      context,
      'tasks.list-entity',
      `the first lead's entity_id`,
      await list({ snoozed: 'include' }),
      [...open, tasks.snoozed],
      tasks,
    );
    await expect(context, 'tasks.list-due', 'due=overdue', await list({ due: 'overdue' }), [tasks.late], tasks);
    await expect(
      context,
      'tasks.list-due',
      'due=none',
      (await list({ due: 'none' })).filter((id) => id !== tasks.snoozed),
      [tasks.undated, tasks.other],
      tasks,
    );
    await expect(context, 'tasks.list-due', 'due=later', await list({ due: 'later' }), [tasks.later], tasks);
    await expect(context, 'tasks.list-q', 'q=zephyrine', await list({ q: 'zephyrine' }), [tasks.later], tasks);
  },
};

/** The run's tasks a list showed against those expected; names say which is which. */
async function expect(
  context: CheckContext,
  rule: string,
  query: string,
  listed: string[],
  expected: string[],
  tasks: Tasks,
): Promise<void> {
  const name = (id: string) => Object.entries(tasks).find(([, task]) => task === id)?.[0] ?? `another lead's ${id}`;
  const same = listed.length === expected.length && expected.every((id) => listed.includes(id));
  context.judge(
    rule,
    !same &&
      `the list with ${query} showed the tasks ${listed.map(name).join(', ') || 'none'}, not ${expected.map(name).join(', ') || 'none'}`,
  );
}

/** `me` is the member the credential acts for: an API key may act for none, so only one assignee (or none) may show. */
async function judgeMe(context: CheckContext, listed: string[], tasks: Tasks, first: string, second: string): Promise<void> {
  const byFirst = [tasks.late, tasks.later, tasks.done, tasks.snoozed];
  const bySecond = [tasks.undated, tasks.other];
  const mixed = listed.some((id) => byFirst.includes(id)) && listed.some((id) => bySecond.includes(id));
  context.judge('tasks.list-assignee-me', mixed && `assignee=me listed tasks of both ${first} and ${second}`);
}
