// Mutants of the tasks area (spec 2.12, 3, 4.10): each is one bug another team's implementation
// might have, named with the catalog rules (conformance/areas/tasks/rules.yaml) it breaks, acting
// through the core's seams by operationId. The task checks are of the state family.
import { ApiError } from '../../errors/api-error.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { normalizeId } from '../../ids/ids.ts';
import { changed, jsonOf, type Fault } from '../fault.ts';
import { retryAsOwner } from '../owner-key.ts';
import { alterOk, onOperation, sentJson, withJson } from '../request-match.ts';
import { alterResult, eachRecord } from './handler-answer.ts';
import { bodyOf, tablesOf, withBody, withQueryInput } from './handler-input.ts';

/** Every operation whose answer is a task, or a list of tasks. */
const TASK_ANSWERS: readonly OperationId[] = [
  'createTask',
  'getTask',
  'listTasks',
  'updateTask',
  'completeTask',
  'reopenTask',
  'snoozeTask',
  'rescheduleTask',
  'restoreTask',
];

/** Each task that `operations` answer changed by `alter`. */
const onTaskAnswers = (operations: OperationId | readonly OperationId[], alter: (task: any) => any) =>
  onOperation(operations, async (next, request, info) => alterOk(await next(request, info), eachRecord(alter)));

/** The JSON body of a task create changed by `change` before the mock reads it (where its own validation would refuse). */
const onCreateBody = (change: (body: any) => any) =>
  onOperation('createTask', async (next, request, info) => {
    const sent = await sentJson(request);
    return next(sent && typeof sent === 'object' ? withJson(request, change(sent)) : request, info);
  });

const TASK_TYPES = ['call', 'meeting', 'follow_up', 'custom'];

export const tasksMutants: Fault[] = [
  {
    name: 'task-nulls-left-out',
    area: 'tasks',
    proves: ['tasks.fields'],
    description:
      'A created task is answered with its null fields left out of the JSON (result, completed_at, snoozed_until...) instead of null (spec 2.12).',
    wrap: onTaskAnswers('createTask', (task) => Object.fromEntries(Object.entries(task).filter(([, value]) => value !== null))),
  },
  {
    name: 'task-id-long-prefix',
    area: 'tasks',
    proves: ['tasks.id-prefix'],
    description: 'Tasks get the older long id prefix `task_` (which spec 2.2 accepts on input) instead of `tk_`.',
    wrap: onTaskAnswers(TASK_ANSWERS, (task) => (typeof task?.id === 'string' ? { ...task, id: task.id.replace(/^tk_/, 'task_') } : task)),
  },
  {
    name: 'task-number-not-read',
    area: 'tasks',
    proves: ['tasks.number'],
    description:
      'GET /v1/tasks/{id} does not read a task by its number: a number answers 404 (spec 2.1, 2.12: the number reads it like its id).',
    operations: ['getTask'],
    async aroundHandler(next, context) {
      if (/^\d+$/.test(context.input.path.id ?? '')) throw new ApiError('not_found');
      return next();
    },
  },
  {
    name: 'task-unknown-type-custom',
    area: 'tasks',
    proves: ['tasks.type-values'],
    description: 'A task of an unknown type is taken as `custom` instead of refused (spec 2.12: call, meeting, follow_up or custom).',
    wrap: onCreateBody((body) => (typeof body.type === 'string' && !TASK_TYPES.includes(body.type) ? { ...body, type: 'custom' } : body)),
  },
  {
    name: 'task-due-without-offset-utc',
    area: 'tasks',
    proves: ['tasks.due-at-offset'],
    description: 'A `due_at` sent without an offset is read as UTC instead of refused (spec 2.12).',
    wrap: onCreateBody((body) =>
      typeof body.due_at === 'string' && /T\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(body.due_at) ? { ...body, due_at: `${body.due_at}Z` } : body,
    ),
  },
  {
    name: 'task-assignee-without-name',
    area: 'tasks',
    proves: ['tasks.assignee-object'],
    description: "A task's `assignee` shows the member's id only, without its name (spec 2.12: `{id, name}`).",
    wrap: onTaskAnswers(TASK_ANSWERS, (task) => (task?.assignee ? { ...task, assignee: { id: task.assignee.id } } : task)),
  },
  {
    name: 'task-entity-label-null',
    area: 'tasks',
    proves: ['tasks.entity'],
    description: 'A task about a record shows `entity_label: null`: the label is filled by the web app only (spec 2.12).',
    wrap: onTaskAnswers(TASK_ANSWERS, (task) => (task?.entity_type ? { ...task, entity_label: null } : task)),
  },
  {
    name: 'task-done-as-completed',
    area: 'tasks',
    proves: ['tasks.status-values'],
    description: 'A completed task shows `status: completed` instead of `done` (spec 2.12: open or done).',
    wrap: onTaskAnswers(TASK_ANSWERS, (task) => (task?.status === 'done' ? { ...task, status: 'completed' } : task)),
  },
  {
    name: 'task-overdue-never-set',
    area: 'tasks',
    proves: ['tasks.overdue'],
    description:
      '`overdue` is a stored flag a nightly job sets, so a task answered between runs shows false though its due time has passed (spec 2.12).',
    wrap: onTaskAnswers(TASK_ANSWERS, (task) => (typeof task?.overdue === 'boolean' ? { ...task, overdue: false } : task)),
  },
  {
    name: 'task-created-undated-done',
    area: 'tasks',
    proves: ['tasks.create-open'],
    description:
      'A new task is answered with the status its create form preselects, `done` when it has no due time, instead of open (spec 3: a new task is open).',
    wrap: onTaskAnswers('createTask', (task) => (task?.due_at === null && task.status === 'open' ? { ...task, status: 'done' } : task)),
  },
  {
    name: 'task-snooze-status-snoozed',
    area: 'tasks',
    proves: ['tasks.snooze-open'],
    description: 'A snoozed task shows `status: snoozed` instead of staying open with `snoozed_until` (spec 3).',
    wrap: onTaskAnswers('snoozeTask', (task) => (task?.snoozed_until ? { ...task, status: 'snoozed' } : task)),
  },
  {
    name: 'task-restore-not-saved',
    area: 'tasks',
    proves: ['tasks.restore'],
    description: 'The restore route answers the task but leaves it in the trash: `deleted_at` is cleared on the answer only (spec 3).',
    operations: ['restoreTask'],
    async aroundHandler(next, context) {
      const id = normalizeId(context.input.path.id ?? '');
      const deletedAt = tablesOf(context).tasks.get(id)?.deleted_at ?? null;
      const result = await next();
      const restored = tablesOf(context).tasks.get(id);
      if (deletedAt && restored && restored.deleted_at === null)
        await tablesOf(context).tasks.update(id, (draft) => void (draft.deleted_at = deletedAt));
      return result;
    },
  },
  {
    name: 'task-untitled-default',
    area: 'tasks',
    proves: ['tasks.create-title-required'],
    description: 'A task created without `title` is named "Untitled task" instead of refused (spec 4.10).',
    wrap: onCreateBody((body) => (body.title === undefined ? { ...body, title: 'Untitled task' } : body)),
  },
  {
    name: 'task-assignee-refused-under-assignee',
    area: 'tasks',
    proves: ['tasks.create-assignee-required-answer'],
    description:
      'A task from an API key without `assignee_id` is refused with its message under `fields.assignee` instead of `assignee_id`.',
    wrap: onOperation('createTask', async (next, request, info) => {
      const response = await next(request, info);
      const body = response.status === 422 ? await jsonOf(response) : undefined;
      const fields = body?.error?.fields;
      if (!fields || !('assignee_id' in fields)) return response;
      const { assignee_id: message, ...others } = fields;
      return changed(response, { body: { error: { ...body.error, fields: { ...others, assignee: message } } } });
    }),
  },
  {
    name: 'task-create-duration-ignored',
    area: 'tasks',
    proves: ['tasks.create-values-kept'],
    description: 'POST /v1/tasks ignores `duration_min`: every task gets the default duration (spec 4.10).',
    operations: ['createTask'],
    alterInput: (input) => withBody(input, ({ duration_min: _ignored, ...rest }) => rest),
  },
  {
    name: 'task-entity-scope-unchecked',
    area: 'tasks',
    proves: ['tasks.create-entity-scope'],
    description: "A task about a record is created without checking the record's read scope (spec 4.10).",
    wrap: (next, state) =>
      onOperation('createTask', async (inner, request, info) => {
        const copy = request.clone();
        const response = await inner(request, info);
        const body = response.status === 403 ? await jsonOf(response) : undefined;
        return body?.error?.code === 'missing_scope' ? retryAsOwner(state, inner, copy, response) : response;
      })(next, state),
  },
  {
    name: 'task-created-by-null-for-keys',
    area: 'tasks',
    proves: ['tasks.create-created-by'],
    description: 'A task created with an API key shows `created_by: null`: only members are recorded as creators (spec 4.10).',
    wrap: onTaskAnswers(TASK_ANSWERS, (task) => (task?.created_by?.type === 'api_key' ? { ...task, created_by: null } : task)),
  },
  {
    name: 'task-patch-resets-duration',
    area: 'tasks',
    proves: ['tasks.patch-fields'],
    description:
      'A PATCH of a task writes the whole row, so a `duration_min` not sent goes back to the default 30 (spec 4.10: only those sent).',
    operations: ['updateTask'],
    async aroundHandler(next, context) {
      const sent = bodyOf(context.input);
      return alterResult(await next(), async (task) => {
        if ('duration_min' in sent || task.duration_min === 30) return task;
        await tablesOf(context).tasks.update(normalizeId(task.id), (draft) => void (draft.duration_min = 30));
        return { ...task, duration_min: 30 };
      });
    },
  },
  {
    name: 'task-assignee-me-ignored',
    area: 'tasks',
    proves: ['tasks.list-assignee-me'],
    description: 'The task list ignores `assignee=me` and lists the tasks of every assignee (spec 4.10).',
    operations: ['listTasks'],
    alterInput: (input) => withQueryInput(input, (query) => void (query.assignee === 'me' && delete query.assignee)),
  },
  {
    name: 'task-q-ignored',
    area: 'tasks',
    proves: ['tasks.list-q'],
    description: 'The task list ignores `q` and lists every task the other filters match (spec 4.10).',
    operations: ['listTasks'],
    alterInput: (input) => withQueryInput(input, (query) => void delete query.q),
  },
];
