// GET /_mock/workspaces/{ws}/clock/scheduled (openapi/control/inspector.yaml): what the clock
// will run as it moves, read from the records that put it there (the clock's own entries are
// bare callbacks): delivery attempts waiting (spec 6.3) and snoozed conversations (spec 3).
import type { Workspace } from '../workspaces/workspace.ts';

export type ScheduledWork = { at: string; kind: 'delivery_attempt' | 'conversation_wake_up'; id: string; detail: string };

export function scheduledWork(workspace: Workspace): ScheduledWork[] {
  const { webhookDeliveries, conversations } = workspace.tables;
  const work: ScheduledWork[] = [];
  for (const delivery of webhookDeliveries.values()) {
    if (delivery.next_attempt_at === null || (delivery.status !== 'pending' && delivery.status !== 'retrying')) continue;
    const detail = `${delivery.event_type} to ${delivery.webhook_id} (attempt ${delivery.attempts + 1})`;
    work.push({ at: delivery.next_attempt_at, kind: 'delivery_attempt', id: delivery.id, detail });
  }
  for (const conversation of conversations.values()) {
    if (conversation.status !== 'snoozed' || !conversation.snoozed_until) continue;
    work.push({ at: new Date(conversation.snoozed_until).toISOString(), kind: 'conversation_wake_up', id: conversation.id, detail: 'snoozed conversation opens again' });
  }
  return work.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
