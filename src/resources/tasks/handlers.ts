// Handlers of the tasks routes, by operationId (spec 4.10). Single-task routes take the id or
// the number; a task in the trash answers 410 `gone` except to restore.
import type { HandlerContext, TagHandlers } from '../../http/handler.ts';
import { findRecord } from '../../store/find-record.ts';
import { recordContext, type RecordContext } from '../records/record-context.ts';
import { findLive, moveToTrash, restoreFromTrash } from '../records/trash.ts';
import { rescheduleTask, updateTask } from './change-task.ts';
import { createTask } from './create-task.ts';
import { listTasks } from './list-tasks.ts';
import { presentTask } from './present-task.ts';
import type { StoredTask } from './task-record.ts';
import { completeTask, reopenTask, snoozeTask } from './task-states.ts';

function shown(context: RecordContext, task: StoredTask, status = 200) {
  return { status, body: presentTask(context.workspace, task, context.workspace.now()) };
}

/** The live task the path names, and the record context to change it in. */
function liveTask(handler: HandlerContext): [RecordContext, StoredTask] {
  const context = recordContext(handler);
  return [context, findLive(context.tables.tasks, handler.input.path.id ?? '')];
}

export const tasksHandlers: TagHandlers<'Tasks'> = {
  async listTasks(handler) {
    const context = recordContext(handler);
    const page = await listTasks(context, handler.input.query);
    const nowMs = context.workspace.now();
    return { body: { data: page.data.map((task) => presentTask(context.workspace, task, nowMs)), next_cursor: page.next_cursor } };
  },

  async createTask(handler) {
    const context = recordContext(handler);
    return shown(context, await createTask(context, handler.input.body), 201);
  },

  getTask(handler) {
    return shown(...liveTask(handler));
  },

  async updateTask(handler) {
    const [context, task] = liveTask(handler);
    return shown(context, await updateTask(context, task, handler.input.body));
  },

  async deleteTask(handler) {
    const [context, task] = liveTask(handler);
    await moveToTrash(context.tables.tasks, task, context.nowIso());
    return { body: { ok: true, id: task.id } };
  },

  async restoreTask(handler) {
    const context = recordContext(handler);
    const task = findRecord(context.tables.tasks, handler.input.path.id ?? '');
    return shown(context, await restoreFromTrash(context.tables.tasks, task));
  },

  async completeTask(handler) {
    const [context, task] = liveTask(handler);
    return shown(context, await completeTask(context, task, handler.input.body));
  },

  async reopenTask(handler) {
    const [context, task] = liveTask(handler);
    return shown(context, await reopenTask(context, task));
  },

  async snoozeTask(handler) {
    const [context, task] = liveTask(handler);
    return shown(context, await snoozeTask(context, task, handler.input.body));
  },

  async rescheduleTask(handler) {
    const [context, task] = liveTask(handler);
    return shown(context, await rescheduleTask(context, task, handler.input.body));
  },
};
