// Sends one signed attempt of a webhook delivery (spec 6.1, 6.2, 6.3). Node-only (undici,
// node:crypto): the queue in delivery.ts loads this module at run time through a specifier that
// bundlers do not follow, because the mock's core also runs in a browser, where nothing is sent.
import type { Agent } from 'undici';
import type { AttemptOutcome, AttemptRequest } from './attempt-outcome.ts';
import { deliveryAgent, sendAttempt, type RedirectPolicy } from './http-attempt.ts';
import { signatureHeader } from './signature.ts';

/**
 * An attempt to sign: `Svc-Timestamp` is already among the headers, the workspace clock's seconds.
 * `signature` is set only by a named fault that signs the wrong way, `redirects` only by one that
 * follows redirects otherwise than spec 6.3 (src/faults/areas/webhooks-attempts.ts).
 */
export type UnsignedAttempt = AttemptRequest & { secret: string; timestampSeconds: number; signature?: string; redirects?: RedirectPolicy };

// One agent per setting of `--allow-private-webhooks`, shared by every mock of the process.
const agents = new Map<boolean, Agent>();

export async function sendSigned(attempt: UnsignedAttempt, allowPrivate: boolean): Promise<AttemptOutcome> {
  let agent = agents.get(allowPrivate);
  if (!agent) agents.set(allowPrivate, (agent = deliveryAgent(allowPrivate)));
  const headers = {
    ...attempt.headers,
    'Svc-Signature': attempt.signature ?? signatureHeader(attempt.secret, attempt.timestampSeconds, attempt.body),
  };
  const outcome = await sendAttempt(
    { url: attempt.url, headers, body: attempt.body },
    { dispatcher: agent, allowPrivate, ...(attempt.redirects ? { redirects: attempt.redirects } : {}) },
  );
  return { ...outcome, sent: { headers, body: attempt.body } };
}
