// The events a webhook's delivery log shows, for a run against a deployment that no receiver of the
// suite is reachable from (no --webhook-receiver-url). Spec 4.11: the deliveries list shows each
// delivery's status, attempts, response status and latency, and "the single delivery adds the
// payload": the event as the service sends it (6.1). The feed lists the webhook's deliveries,
// reads each new one once, and answers its payload; what only a receiver sees (the headers, the
// signature, 6.2, and when each attempt came) is not here.
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { allDeliveries, settle } from './webhook-kit.ts';
import { waitingFor } from '../../harness/waiting.ts';

/**
 * An event the suite saw: a request at its receiver (with the request's headers), or a delivery's
 * payload in the log (no headers; `logged` is the read of the single delivery that showed it).
 */
export type SeenEvent = { json: any; rawBody: string; headers?: Record<string, string>; logged?: Exchange };

/** How often the log is read again while an event is waited for: not to hurry a deployment with list reads. */
const POLL_MS = 500;

export class DeliveryLogFeed {
  readonly #context: CheckContext;
  readonly #webhookId: string;
  /** By delivery id: the payload of every delivery read so far. */
  readonly #read = new Map<string, SeenEvent>();

  constructor(context: CheckContext, webhookId: string) {
    this.#context = context;
    this.#webhookId = webhookId;
  }

  /** The events of the log that `match` accepts, oldest first (ids sort by creation, spec 2.1); each new delivery is read alone once. */
  async events(match: (event: SeenEvent) => boolean = () => true): Promise<SeenEvent[]> {
    const ids = (await allDeliveries(this.#context, this.#webhookId)).map((item) => item?.id).filter((id) => typeof id === 'string');
    for (const id of ids) if (!this.#read.has(id)) this.#read.set(id, await this.#payloadOf(id));
    return ids
      .sort()
      .map((id) => this.#read.get(id)!)
      .filter(match);
  }

  /** The `count`-th event of the log that `match` accepts, reading the log again for at most `timeoutMs`; undefined if none. */
  nth(count: number, timeoutMs: number, match: (event: SeenEvent) => boolean = () => true): Promise<SeenEvent | undefined> {
    const what = `${count === 1 ? 'an event' : `event ${count}`} in the delivery log of webhook ${this.#webhookId}`;
    return waitingFor(what, timeoutMs, async () => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await this.events(match))[count - 1];
        if (found || Date.now() >= deadline) return found;
        await settle(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
      }
    });
  }

  /** The single delivery's payload (spec 4.11); fails the check when the read does not answer 200. */
  async #payloadOf(deliveryId: string): Promise<SeenEvent> {
    const single = await this.#context.client.call('getWebhookDelivery', { path: { id: this.#webhookId, did: deliveryId } });
    this.#context.expectStatus(single, 200);
    const payload = single.json?.payload;
    return { json: payload, rawBody: JSON.stringify(payload) ?? '', logged: single };
  }
}
