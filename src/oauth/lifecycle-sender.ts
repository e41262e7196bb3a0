// One attempt of a lifecycle event over the network (spec 6.2, 6.5), Node-only: the webhooks'
// transport (undici; 10 seconds; up to 3 redirects to the same host and scheme; the URL rules and
// `--allow-private-webhooks`) and their signature, keyed with the app's client secret.
import type { Agent } from 'undici';
import { deliveryAgent, sendAttempt } from '../resources/webhooks/http-attempt.ts';
import { signatureHeader } from '../resources/webhooks/signature.ts';
import { urlProblem } from '../resources/webhooks/webhook-url.ts';

export type LifecycleAttempt = {
  url: string;
  secret: string;
  body: string;
  type: string;
  deliveryId: string;
  timestampSeconds: number;
  allowPrivate: boolean;
  docsUrl: string;
};

const agents = new Map<boolean, Agent>();

/** Whether the app answered 2xx. */
export async function sendLifecycleEvent(attempt: LifecycleAttempt): Promise<boolean> {
  if (urlProblem(attempt.url, attempt.allowPrivate)) return false;
  let agent = agents.get(attempt.allowPrivate);
  if (!agent) agents.set(attempt.allowPrivate, (agent = deliveryAgent(attempt.allowPrivate)));
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': `Svc-Webhooks/1.0 (+${attempt.docsUrl}/webhooks)`,
    'Svc-Event': attempt.type,
    'Svc-Delivery': attempt.deliveryId,
    'Svc-Timestamp': String(attempt.timestampSeconds),
    'Svc-Signature': signatureHeader(attempt.secret, attempt.timestampSeconds, attempt.body),
  };
  const outcome = await sendAttempt({ url: attempt.url, headers, body: attempt.body }, { dispatcher: agent, allowPrivate: attempt.allowPrivate });
  return outcome.success;
}
