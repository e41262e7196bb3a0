// The events each side delivered (spec 6), compared at the end of a sequence with its read-back.
// Each side's workspace gets one webhook of the run's subscribing to every event (`*`, spec 4.11),
// to a receiver of its side (harness/webhook-receiver.ts, on 127.0.0.1: only where the target is
// a mock that delivers there). After each step both sides are settled (a mock queues a committed
// change's deliveries on its clock: sides.ts) and the oracle's delivery log is read, so that each
// of its deliveries belongs to the step that raised it. At the end each receiver is waited on (by
// arrival, at most DELIVERY_WAIT_MS) for what its side's log lists, and the events about the
// run's own records are compared as the spec allows: as a multiset (6.3: no ordering guarantee),
// duplicates counted once (6.3: at-least-once, deduplicate by Svc-Event-Id), `data.object` as
// records are (compare.ts) and only the fields the spec shows. Events about other records ignored.
import type { ReceivedRequest, WebhookReceiver } from '../../harness/webhook-receiver.ts';
import { compareValues, type Difference, type RefsOf } from './compare.ts';
import { operationOf } from './document-schemas.ts';
import type { Executed } from './run-sequence.ts';
import { isRef, type Step } from './step.ts';
import type { Side } from './sides.ts';

export type EventReceivers = { target: WebhookReceiver; oracle: WebhookReceiver };

/** How long a delivery a side's log lists may take to reach its receiver before it counts as not delivered. */
const DELIVERY_WAIT_MS = 5_000;

/**
 * The fields of `data.object` the spec shows: 6.1's `id` and `object` on every event, and 6.4's
 * fields of `lead.stage_changed`; "data fields of events other than lead.stage_changed ... not shown".
 */
const ALWAYS_SHOWN = ['id', 'object'];
const SHOWN_BY_TYPE: Record<string, string[]> = { 'lead.stage_changed': ['from', 'to', 'pipeline_id', 'from_type', 'to_type'] };

export type Delivered = {
  type: string;
  ref: number;
  object: Record<string, unknown>;
  occurredAt: unknown;
  delivery: string;
  arrival: number;
};
type SideName = keyof RefsOf;

export class DeliveredEvents {
  readonly #receivers: EventReceivers;
  readonly #marker: string;
  readonly #path: string;
  #webhooks: Partial<Record<SideName, string>> = {};
  /** Each oracle delivery's id, with the step after which the oracle's log first listed it. */
  readonly #oracleStep = new Map<string, number>();
  /** How many requests the target's receiver had after each step, in order. */
  readonly #targetArrivals: { stepId: number; count: number }[] = [];

  constructor(receivers: EventReceivers, marker: string) {
    this.#receivers = receivers;
    this.#marker = marker;
    this.#path = `/explore/${marker}/events`;
  }

  /** One webhook on each side; if either side refuses it, the run's events are not compared. */
  async subscribe(target: Side, oracle: Side): Promise<void> {
    const made = { target: await this.#subscribeOn(target), oracle: await this.#subscribeOn(oracle) };
    if (made.target && made.oracle) this.#webhooks = made;
    else if (made.target) await target.send('DELETE', `/v1/webhooks/${encodeURIComponent(made.target)}`, undefined);
  }

  /** After each step: both sides settled (sides.ts), what the oracle's log lists by now is the step's, and where the target's receiver stands. */
  async afterStep(step: Step, target: Side, oracle: Side): Promise<void> {
    if (!this.#webhooks.oracle) return;
    const stepId = step.id;
    // A read changes nothing, so it raises no event (spec 6.4's sources are all changes): nothing to settle.
    if (operationOf(step.operationId).method.toUpperCase() !== 'GET') await Promise.all([target.settle?.(), oracle.settle?.()]);
    for (const id of await deliveryIds(oracle, this.#webhooks.oracle)) if (!this.#oracleStep.has(id)) this.#oracleStep.set(id, stepId);
    this.#targetArrivals.push({ stepId, count: this.#requests('target').length });
  }

  /**
   * Waits for both sides' deliveries and adds each event missing or extra on the target to the
   * step it belongs to; answers how many events about the run's records the oracle delivered.
   */
  async compare(executed: Executed[], refs: RefsOf, target: Side): Promise<number> {
    if (!this.#webhooks.target || !executed.length) return 0;
    await target.settle?.();
    const listed = await deliveryIds(target, this.#webhooks.target);
    await this.#arrived('target', listed.length);
    await this.#arrived('oracle', this.#oracleStep.size);
    const sides = {
      target: eventsAbout(this.#requests('target'), refs.target),
      oracle: eventsAbout(this.#requests('oracle'), refs.oracle),
    };
    for (const { stepId, difference } of eventDifferences(sides, refs, (event) => this.#stepOf(event, executed))) {
      const at = executed.find((entry) => entry.step.id === stepId) ?? executed.at(-1)!;
      at.differences.push(difference);
    }
    return sides.oracle.length;
  }

  async unsubscribe(target: Side): Promise<void> {
    if (this.#webhooks.target) await target.send('DELETE', `/v1/webhooks/${encodeURIComponent(this.#webhooks.target)}`, undefined);
  }

  async #subscribeOn(side: Side): Promise<string | undefined> {
    const url = this.#receivers[side.name].url(this.#path);
    const answer = await side.send('POST', '/v1/webhooks', { name: `${this.#marker} events`, url, events: ['*'] });
    const id = answer.json?.webhook?.id;
    return answer.status === 201 && typeof id === 'string' ? id : undefined;
  }

  #requests(side: SideName): ReceivedRequest[] {
    return this.#receivers[side].requestsTo(this.#path);
  }

  async #arrived(side: SideName, count: number): Promise<void> {
    if (count > 0) await this.#receivers[side].waitFor((request) => request.path.split('?')[0] === this.#path, DELIVERY_WAIT_MS, count);
  }

  /** The oracle's event: the step its log listed it after. The target's: the last step up to its arrival that named its record. */
  #stepOf(event: Delivered & { side: SideName }, executed: Executed[]): number {
    if (event.side === 'oracle') return this.#oracleStep.get(event.delivery) ?? executed.at(-1)!.step.id;
    const arrivedBy = this.#targetArrivals.find((boundary) => boundary.count > event.arrival)?.stepId ?? executed.at(-1)!.step.id;
    const upTo = executed.slice(0, executed.findIndex((entry) => entry.step.id === arrivedBy) + 1 || undefined);
    return upTo.findLast((entry) => names(entry.step, event.ref))?.step.id ?? arrivedBy;
  }
}

/**
 * A sent message's later statuses come when "channel reports" them (spec 3, Message (outgoing)): at the
 * channel's time, not the request's (a mock walks them on its clock, a deployment waits on a real
 * channel, which may never report `read`). Whether one has come by the end of a run is no rule.
 */
const CHANNEL_REPORTED = new Set(['message.sent', 'message.delivered', 'message.read']);

/** The events about the run's records (their ids by reference) a receiver got, once each (spec 6.3: by `Svc-Event-Id`). */
export function eventsAbout(requests: ReceivedRequest[], refs: Map<string, number>): Delivered[] {
  const seen = new Set<string>();
  return requests.flatMap((request, arrival) => {
    const event = request.json;
    const object = event?.data?.object;
    const ref = typeof object?.id === 'string' ? refs.get(object.id) : undefined;
    const eventId = request.headers['svc-event-id'] ?? event?.id;
    if (ref === undefined || typeof event?.type !== 'string' || CHANNEL_REPORTED.has(event.type) || seen.has(eventId)) return [];
    seen.add(eventId);
    const delivery = request.headers['svc-delivery'] ?? '';
    return [{ type: event.type, ref, object, occurredAt: event.occurred_at, delivery, arrival }];
  });
}

function names(step: Step, ref: number): boolean {
  return (step.creates !== undefined && step.id === ref) || Object.values(step.params).some((param) => isRef(param) && param.ref === ref);
}

/** Every id a side's log lists for its webhook, all pages. */
async function deliveryIds(side: Side, webhookId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  do {
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
    const page = await side.send('GET', `/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries?${query}`, undefined);
    if (page.status !== 200 || !Array.isArray(page.json?.data)) break;
    for (const delivery of page.json.data) if (typeof delivery?.id === 'string') ids.push(delivery.id);
    cursor = page.json.has_more && typeof page.json.next_cursor === 'string' ? page.json.next_cursor : '';
  } while (cursor);
  return ids;
}

/** The oracle's event with only the fields of `data.object` the spec shows for its type. */
function shown(event: Delivered): Record<string, unknown> {
  const keys = [...ALWAYS_SHOWN, ...(SHOWN_BY_TYPE[event.type] ?? [])];
  return Object.fromEntries(keys.filter((key) => key in event.object).map((key) => [key, event.object[key]]));
}

function summary(events: Delivered[]): unknown {
  return events.length
    ? events.map(({ type, object, occurredAt }) => ({ type, occurred_at: occurredAt, data: { object } }))
    : '(not delivered)';
}

type Located = { stepId: number; difference: Difference };
type StepOf = (event: Delivered & { side: SideName }) => number;

/** Per record and type, each oracle event matched with a target event whose data shows no difference. */
export function eventDifferences(sides: Record<SideName, Delivered[]>, refs: RefsOf, stepOf: StepOf): Located[] {
  const groups = new Map<string, Record<SideName, Delivered[]>>();
  for (const side of ['target', 'oracle'] as const)
    for (const event of sides[side]) {
      const key = `${event.type} @${event.ref}`;
      const group = groups.get(key) ?? { target: [], oracle: [] };
      group[side].push(event);
      groups.set(key, group);
    }
  return [...groups.values()].flatMap((group) => groupDifferences(group, refs, stepOf));
}

function groupDifferences(group: Record<SideName, Delivered[]>, refs: RefsOf, stepOf: StepOf): Located[] {
  const left = [...group.target];
  const missing = group.oracle.filter((event) => {
    const match = left.findIndex((candidate) => !compareValues('data.object', candidate.object, shown(event), refs).length);
    if (match >= 0) left.splice(match, 1);
    return match < 0;
  });
  const both = { target: summary(group.target), oracle: summary(group.oracle) };
  const type = (group.oracle[0] ?? group.target[0])!.type;
  return [
    ...missing.map((event, index) => {
      const differing = left[index] && compareValues('data.object', left[index].object, shown(event), refs)[0];
      const at = differing ? `event ${type} ${differing.at}` : `event ${type} not delivered by the target`;
      return { stepId: stepOf({ ...event, side: 'oracle' }), difference: { at, ...both } };
    }),
    ...left.slice(missing.length).map((event) => ({
      stepId: stepOf({ ...event, side: 'target' }),
      difference: { at: `event ${type} delivered only by the target`, ...both },
    })),
  ];
}
