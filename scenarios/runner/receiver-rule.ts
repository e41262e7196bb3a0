// A story's `receiver:` (in its setup or as a step) told to the shared webhook receiver
// (harness/webhook-receiver.ts): with a path, how that path answers; without one, how every path
// answers from now on, replacing what single paths were told before.
import type { WebhookReceiver } from '../../harness/webhook-receiver.ts';
import type { ReceiverAnswer } from './types.ts';

export function tellReceiver(receiver: WebhookReceiver, rule: ReceiverAnswer): void {
  const answer = { status: rule.status, body: rule.body ?? '', headers: rule.headers };
  if (rule.path === undefined) receiver.answerEvery(() => answer);
  else receiver.answer(rule.path, () => answer);
}
