// Mutants of the task states (spec 2.12, 3 Task, 4.10): complete, reopen, snooze, reschedule,
// trash and restore, and what each answers.
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { guardedByReadScope } from '../owner-key.ts';
import { alterOk, callerWorkspace, onListQuery, onOperation, probe, sentJson, withJson } from '../request-match.ts';

export const tasksStateMutants: readonly Fault[] = [
  {
    name: 'task-delete-not-saved',
    area: 'tasks',
    proves: ['tasks.delete-trash', 'tasks.list-deleted-left-out'],
    description:
      'Deleting a task answers {ok: true, id} but never saves the delete: the task is still read and listed (spec 3: a deleted task is in the trash).',
    wrap: onOperation('deleteTask', async (next, request, info) => {
      const read = await next(new Request(request.url, { method: 'GET', headers: request.headers }), info);
      if (!read.ok) return next(request, info);
      return changed(read, { body: { ok: true, id: (await jsonOf(read)).id } });
    }),
  },
  {
    name: 'task-key-assignee-defaults-to-owner',
    area: 'tasks',
    proves: ['tasks.create-assignee-required'],
    description:
      'A task created with an API key without assignee_id is given to the workspace owner instead of refused (spec 4.10: assignee_id is required for API keys).',
    wrap: (next, state) =>
      onOperation('createTask', async (inner, request, info) => {
        const body = await sentJson(request);
        const owner = [...(callerWorkspace(state, request)?.members.values() ?? [])][0];
        const unassigned = body && owner && body.assignee_id === undefined;
        return inner(unassigned ? withJson(request, { ...body, assignee_id: owner!.id }) : request, info);
      })(next, state),
  },
  {
    name: 'task-due-filter-ignored',
    area: 'tasks',
    proves: ['tasks.list-due'],
    description: 'The task list ignores `due`: due=overdue, due=none and due=later list every open task (spec 4.10: due keeps one bucket).',
    wrap: onListQuery('listTasks', (query) => query.delete('due')),
  },
  {
    name: 'done-task-snoozes',
    area: 'tasks',
    proves: ['tasks.complete', 'tasks.reopen', 'tasks.snooze-not-open', 'tasks.error-task-not-open'],
    description: 'A done task can be snoozed: task_not_open is never answered.',
    // Only a snooze answers task_not_open (resources/tasks/task-states.ts).
    wrap: onOperation('snoozeTask', (next, request, info, { params }) =>
      onErrorCode('task_not_open', async (response, _body, request) => {
        const task = await next(probe(request, `/v1/tasks/${params.id}`));
        return changed(response, { status: 200, body: await jsonOf(task) });
      })(next)(request, info),
    ),
  },
  {
    name: 'task-default-type-call',
    area: 'tasks',
    proves: ['tasks.create-default-type', 'tasks.list-type'],
    description: 'A task created without type is a call instead of follow_up.',
    wrap: onOperation('createTask', async (next, request, info) => {
      const body = await sentJson(request);
      if (!body || typeof body !== 'object' || 'type' in body) return next(request, info);
      return next(new Request(request, { body: JSON.stringify({ ...body, type: 'call' }) }), info);
    }),
  },
  {
    name: 'reschedule-reopens-task',
    area: 'tasks',
    proves: ['tasks.reschedule'],
    description: 'Rescheduling a done task reopens it instead of leaving its status unchanged.',
    wrap: onOperation('rescheduleTask', async (next, request, info, { params }) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      if ((await jsonOf(response))?.status !== 'done') return response;
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      return next(new Request(probe(request, `/v1/tasks/${params.id}/reopen`).url, { method: 'POST', headers }), info);
    }),
  },
  {
    name: 'snoozed-tasks-listed',
    area: 'tasks',
    proves: ['tasks.list-snoozed'],
    description: 'Open task lists include snoozed tasks, as if snoozed=include were always sent.',
    wrap: onListQuery('listTasks', (query) => void (query.has('snoozed') || query.set('snoozed', 'include'))),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'task-all-day-without-due-accepted',
    area: 'tasks',
    proves: ['tasks.create-all-day-needs-due'],
    description:
      'A task created with all_day true and no due_at is accepted (the flag silently dropped) instead of refused (spec 4.10: all_day needs due_at).',
    wrap: onOperation('createTask', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || sent.all_day !== true || (sent.due_at !== undefined && sent.due_at !== null)) return next(request, info);
      const { all_day: _dropped, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'task-done-list-includes-open',
    area: 'tasks',
    proves: ['tasks.list-status'],
    description:
      'status=done on the task list is read as "any status" (only open is a known filter), so open tasks are listed with the done ones (spec 4.10).',
    wrap: onListQuery('listTasks', (query) => {
      if (query.get('status') === 'done') query.set('status', 'all');
    }),
  },
  {
    name: 'task-complete-result-dropped',
    area: 'tasks',
    proves: ['tasks.complete-result'],
    description:
      'Completing a task with a result marks it done but does not keep the result (the body of complete is not read) (spec 2.12, 4.10: result set on completion).',
    wrap: onOperation('completeTask', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object' || !('result' in sent)) return next(request, info);
      const { result: _dropped, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  // Found by the sixth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'task-snooze-done-as-invalid-state',
    area: 'tasks',
    proves: ['tasks.snooze-not-open', 'tasks.error-task-not-open'],
    description: 'Snoozing a done task is refused with the generic code invalid_state instead of task_not_open (spec 3, 4.10, 7.3).',
    wrap: onErrorCode('task_not_open', (response, body) =>
      changed(response, {
        body: {
          error: {
            ...body.error,
            code: 'invalid_state',
            docs_url: String(body.error.docs_url ?? '').replace(/task_not_open$/, 'invalid_state'),
          },
        },
      }),
    ),
  },
  {
    name: 'task-reopen-refused',
    area: 'tasks',
    proves: ['tasks.complete', 'tasks.reopen', 'tasks.snooze-not-open', 'tasks.subroute-methods', 'tasks.error-task-not-open'],
    description:
      'Reopening a done task answers 409 task_not_open (the guard of snooze copied onto reopen) instead of putting it back to open (spec 3: done -> reopen -> open).',
    wrap: onOperation('reopenTask', async (next, request, info, { params }, state) => {
      const read = await next(probe(request, `/v1/tasks/${params.id}`), info);
      const task = read.ok ? await jsonOf(read) : undefined;
      const nowMs = callerWorkspace(state, request)?.clock.now();
      if (task?.status !== 'done' || nowMs === undefined) return next(request, info);
      // The mock's own task_not_open: a snooze of the done task, which changes nothing.
      const headers = new Headers(request.headers);
      headers.set('content-type', 'application/json');
      return next(
        withJson(new Request(probe(request, `/v1/tasks/${params.id}/snooze`).url, { method: 'POST', headers }), {
          until: new Date(nowMs + 86_400_000).toISOString(),
        }),
        info,
      );
    }),
  },
  {
    name: 'task-entity-filter-type-only',
    area: 'tasks',
    proves: [
      'tasks.list-status-default-open',
      'tasks.list-status',
      'tasks.list-assignee',
      'tasks.list-entity',
      'tasks.list-due',
      'tasks.list-snoozed',
    ],
    description:
      'The task list reads entity_type but not entity_id: the tasks of one lead list the tasks of every lead (spec 4.10: entity_type with entity_id).',
    wrap: onListQuery('listTasks', (query) => {
      const id = query.get('entity_id');
      if (id === null) return;
      const type = /^(ld|lead)_/.test(id)
        ? 'lead'
        : /^(ct|contact)_/.test(id)
          ? 'contact'
          : /^(co|company)_/.test(id)
            ? 'company'
            : undefined;
      query.delete('entity_id');
      if (type && !query.has('entity_type')) query.set('entity_type', type);
    }),
  },
  {
    name: 'task-reschedule-only-due',
    area: 'tasks',
    proves: ['tasks.reschedule'],
    description:
      'Reschedule replaces due_at and ignores all_day and duration_min sent with it (spec 3, 4.10: due_at, and optionally all_day, duration_min, replaced).',
    wrap: onOperation('rescheduleTask', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object' || !('due_at' in sent)) return next(request, info);
      return next(withJson(request, { due_at: sent.due_at }), info);
    }),
  },
  {
    name: 'task-actions-with-read-scope',
    area: 'tasks',
    proves: ['tasks.subroute-methods'],
    description:
      'The task sub-routes (complete, reopen, snooze, reschedule) check tasks:read: a key that may only read tasks completes and reschedules them instead of 403 missing_scope (spec 4.10: tasks:write).',
    wrap: guardedByReadScope(['completeTask', 'reopenTask', 'snoozeTask', 'rescheduleTask'], '/v1/tasks?limit=1'),
  },
  {
    name: 'task-timeline-actor-system',
    area: 'tasks',
    proves: ['tasks.timeline-actor'],
    description:
      "A record's timeline items about its tasks (created, completed) name actor {type: system} instead of the API key that created or completed the task (spec 2.6: for an API key type is api_key).",
    wrap: onOperation('listTimeline', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: Array.isArray(body.data)
          ? body.data.map((item: any) => (item.kind === 'task' ? { ...item, actor: { type: 'system', id: '' } } : item))
          : body.data,
      })),
    ),
  },
];
