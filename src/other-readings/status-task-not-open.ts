// `task_not_open` answers 422, not crmkit's 409: spec 7.3 gives it "status not shown" (a snooze of
// a task that is not open conflicts with its state, 409, or cannot be accepted, 422).
import type { OtherReading } from './other-reading.ts';
import { answeringCodeWith } from './status-of-code.ts';

export const STATUS_TASK_NOT_OPEN: OtherReading[] = [
  {
    name: 'status-task-not-open',
    description: 'task_not_open answers 422 instead of 409.',
    leftOpenBy: '7.3: task_not_open, "status not shown".',
    wrap: answeringCodeWith('task_not_open', 422),
  },
];
