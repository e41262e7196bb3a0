// What one attempt of a delivery sends and what came of it, shared by the queue (which runs in
// any JavaScript runtime) and the Node-only sender.
export type AttemptRequest = { url: string; headers: Record<string, string>; body: string };

export type AttemptOutcome = {
  success: boolean;
  /** The last answer's status; null when no answer came. */
  responseStatus: number | null;
  /** The first 2 KB of the last answer's body; null when no answer came. */
  responseBody: string | null;
  latencyMs: number;
  /** Why the attempt failed without a usable answer (see WebhookDeliveryAttempt in the document). */
  error: string | null;
  /** The request as it went out, signature included (absent when nothing was sent): the inspector shows it. */
  sent?: { headers: Record<string, string>; body: string };
};
