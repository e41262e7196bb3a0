// The comparison of the target's answer with the oracle's, as the spec allows and no stricter:
// - status, and an error's code, alike or the same refusal in another reading (error-equivalence.ts),
//   and the keys 7.1 names for the code;
// - a body only where the spec shows it (an `x-inferred` operation's body is crmkit's design);
// - ids as the records the run made (the same reference on both sides), any other id (a member,
//   a stage, a record the run did not make) not compared, nor the object it names;
// - what the server assigns (`number`, `#N` in text, a task's display label `entity_label`, and `position` unless sent) and the
//   workspace's currency (unless sent) not compared; times as instants, those the request did
//   not send within TIME_TOLERANCE_MS; key order never; keys only the target has never (spec 9:
//   new fields may appear); a key only the oracle has, when its value is not null;
// - arrays as multisets (list-orders: most lists' order is not stated), a list's records as the
//   run's records it holds, the whole set compared only on a last page;
// - a delete's confirmation by its `id` alone (2.1: `{ok: true, id}` or `{id, deleted: true}`).
import { instantOf } from '../same-json.ts';
import type { Exchange } from '../exchange.ts';
import { answerUnnamed, sameRefusal } from './error-equivalence.ts';
import { OWNER_REF } from './step.ts';

export type Difference = { at: string; target: unknown; oracle: unknown };

/** The spec names no clock tolerance for record times; 6.2's 5 minutes is the only one it gives a clock. */
export const TIME_TOLERANCE_MS = 5 * 60_000;
const ID = /^[a-z]+_[0-9a-z]{26}$/;
const FRACTION = /T\d\d:\d\d:\d\d\.\d+/;
/**
 * What the server writes as it chooses: a record's `number`, a task's `entity_label`, which
 * spec 2.12 calls only a "display label" (the record's name, with its number or without: a reading
 * the catalog lists with its alternatives), a webhook's signing `secret` (4.11: random, shown
 * once) and a delivery's `latency_ms` (what the attempt took, measured).
 */
const SERVER_ASSIGNED = new Set(['number', 'entity_label', 'secret', 'latency_ms']);
/**
 * The workspace's unless the request sent it: a lead's place in its stage among the workspace's
 * leads (2.3 `position`), and the currency, "workspace currency by default" (2.1, 2.3), a setting
 * no route of the interface shows (the oracle's workspace cannot take the target's). A record's
 * currency the run once sent is the record's from then on (2.1: PATCH changes only the fields
 * sent), so it is compared in every later answer that shows the record.
 */
const ASSIGNED_UNLESS_SENT = new Set(['position', 'currency']);
const KEPT_ONCE_SENT = new Set(['currency']);

/** A record's number as text shows (spec 2.1: "shown as #N", a task's `entity_label`) is the server's too. */
function shownNumbersMasked(text: string): string {
  return text.replace(/#\d+/g, '#N');
}

/** Ids as the references of the records the run made, on each side. */
export type RefsOf = { target: Map<string, number>; oracle: Map<string, number> };

/** `sentBefore`: the keys the run's accepted requests sent for each of its records, by reference (the oracle's side). */
export type Compared = {
  method: string;
  inferred: boolean;
  sent: Record<string, unknown> | undefined;
  sentBefore?: Map<number, Set<string>>;
};

export function compareExchanges(target: Exchange, oracle: Exchange, refs: RefsOf, compared: Compared): Difference[] {
  const refusal = (exchange: Exchange) => ({ status: exchange.status, code: exchange.json?.error?.code as string | undefined });
  if (target.status >= 300 || oracle.status >= 300) {
    if (target.status >= 400 && target.status < 500 && answerUnnamed(oracle.json?.error)) return [];
    if (!sameRefusal(refusal(target), refusal(oracle)))
      return [{ at: 'status', target: describe(refusal(target)), oracle: describe(refusal(oracle)) }];
    return namedErrorKeys(target.json?.error, oracle.json?.error, new Walker(refs, {}));
  }
  if (target.status !== oracle.status) return [{ at: 'status', target: target.status, oracle: oracle.status }];
  if (compared.inferred) return [];
  const walker = new Walker(refs, compared.sent ?? {}, compared.sentBefore ?? new Map());
  if (compared.method === 'DELETE') return walker.value('id', target.json?.id, oracle.json?.id);
  if (Array.isArray(oracle.json?.data)) return walker.list(target.json, oracle.json);
  return walker.value('', target.json, oracle.json);
}

/** Two values compared as records are (ids by reference, times within the tolerance, keys only the target has ignored): an event's `data`. */
export function compareValues(at: string, target: unknown, oracle: unknown, refs: RefsOf): Difference[] {
  return new Walker(refs, {}).value(at, target, oracle);
}

/**
 * The keys 7.1 names for a code ("`permission` on `forbidden`; `reason` and `limit` on
 * `rate_limited`; `key`, `limit`, `used`, `plan`, `upgrade_to` on `limit_reached`; `scope` on
 * `missing_scope`; `tag_id` on `tag_exists`; `deleted_at` on `gone`") and 7.3's `fields` on
 * `validation_failed`: there on the target when the oracle has them; `tag_id` as the run's tag,
 * `deleted_at` as a time within the tolerance. Their other values are compared only where the
 * spec fixes them by the request, which it does not for these.
 */
const NAMED_KEYS: Record<string, string[]> = {
  forbidden: ['permission'],
  rate_limited: ['reason', 'limit'],
  limit_reached: ['key', 'limit', 'used', 'plan', 'upgrade_to'],
  missing_scope: ['scope'],
  tag_exists: ['tag_id'],
  gone: ['deleted_at'],
  validation_failed: ['fields'],
};
const COMPARED_KEYS = new Set(['tag_id', 'deleted_at']);

function namedErrorKeys(target: any, oracle: any, walker: Walker): Difference[] {
  const code = oracle?.code;
  if (typeof code !== 'string' || target?.code !== code) return [];
  return (NAMED_KEYS[code] ?? []).flatMap((key) => {
    if (oracle[key] === undefined || oracle[key] === null) return [];
    if (target[key] === undefined || target[key] === null) return [{ at: `error.${key}`, target: '(absent)', oracle: oracle[key] }];
    return COMPARED_KEYS.has(key) ? walker.value(`error.${key}`, target[key], oracle[key]) : [];
  });
}

function describe({ status, code }: { status: number; code: string | undefined }): string {
  return code ? `${status} ${code}` : String(status);
}

class Walker {
  readonly #refs: RefsOf;
  readonly #sent: Record<string, unknown>;
  readonly #sentBefore: Map<number, Set<string>>;

  constructor(refs: RefsOf, sent: Record<string, unknown>, sentBefore: Map<number, Set<string>> = new Map()) {
    this.#refs = refs;
    this.#sent = sent;
    this.#sentBefore = sentBefore;
  }

  /** The run's records on a page: each compared with its mirror; the set, when both pages are the last. */
  list(target: any, oracle: any): Difference[] {
    const own = (items: unknown[], side: keyof RefsOf) =>
      new Map(
        items.flatMap((item: any) => {
          const ref = this.#refs[side].get(item?.id);
          return ref === undefined ? [] : [[ref, item] as const];
        }),
      );
    const mine = { target: own(Array.isArray(target?.data) ? target.data : [], 'target'), oracle: own(oracle.data, 'oracle') };
    const last = !target?.next_cursor && !oracle.next_cursor;
    const differences: Difference[] = [];
    for (const [ref, item] of mine.oracle) {
      const theirs = mine.target.get(ref);
      if (theirs) differences.push(...this.value(`data[@${ref}]`, theirs, item));
      else if (last) differences.push({ at: `data[@${ref}]`, target: 'not listed', oracle: 'listed' });
    }
    for (const ref of mine.target.keys())
      if (last && !mine.oracle.has(ref)) differences.push({ at: `data[@${ref}]`, target: 'listed', oracle: 'not listed' });
    return differences;
  }

  value(at: string, target: unknown, oracle: unknown): Difference[] {
    if (typeof oracle === 'string' && ID.test(oracle)) return this.#id(at, target, oracle);
    const times = [instantOf(target), instantOf(oracle)];
    if (times[0] !== undefined && times[1] !== undefined) return this.#time(at, target as string, oracle as string);
    if (Array.isArray(oracle)) return Array.isArray(target) ? this.#multiset(at, target, oracle) : [{ at, target, oracle }];
    if (oracle && typeof oracle === 'object') return this.#object(at, target, oracle as Record<string, unknown>);
    if (typeof target === 'string' && typeof oracle === 'string' && shownNumbersMasked(target) === shownNumbersMasked(oracle)) return [];
    return Object.is(target, oracle) ? [] : [{ at, target, oracle }];
  }

  #id(at: string, target: unknown, oracle: string): Difference[] {
    const ref = this.#refs.oracle.get(oracle);
    if (ref === undefined) return [];
    const theirs = typeof target === 'string' ? this.#refs.target.get(target) : undefined;
    return theirs === ref ? [] : [{ at, target, oracle: `the record of step ${ref}` }];
  }

  #time(at: string, target: string, oracle: string): Difference[] {
    const key = at.split('.').pop() ?? '';
    const apart = Math.abs(Date.parse(target) - Date.parse(oracle));
    const sent = key in this.#sent && !at.includes('[');
    // Spec 2.1: times are "RFC 3339 strings with fractional seconds" (how many digits varies; none is no fraction).
    if (FRACTION.test(oracle) && !FRACTION.test(target)) return [{ at, target, oracle: `${oracle} (with fractional seconds, spec 2.1)` }];
    if (sent ? instantOf(target) === instantOf(oracle) : apart <= TIME_TOLERANCE_MS) return [];
    return [{ at, target, oracle }];
  }

  #object(at: string, target: unknown, oracle: Record<string, unknown>): Difference[] {
    if (!target || typeof target !== 'object' || Array.isArray(target)) return [{ at, target, oracle }];
    // An object naming a record the run did not make (a member, a stage) is that record's, not the run's.
    // The workspace's owner and its stages (references at or below OWNER_REF) are the workspace's too.
    // Only its `type` (what kind of thing it is: an API key, a member) is the run's to compare.
    const named = typeof oracle.id === 'string' && ID.test(oracle.id) ? this.#refs.oracle.get(oracle.id) : -1;
    if ((named === undefined || named <= OWNER_REF) && at !== '') {
      return 'type' in oracle ? this.value(`${at}.type`, (target as Record<string, unknown> | undefined)?.type, oracle.type) : [];
    }
    const theirs = target as Record<string, unknown>;
    return Object.keys(oracle).flatMap((key) => {
      const path = at ? `${at}.${key}` : key;
      const sentBefore = KEPT_ONCE_SENT.has(key) && named !== undefined && this.#sentBefore.get(named)?.has(key);
      if (SERVER_ASSIGNED.has(key) || (ASSIGNED_UNLESS_SENT.has(key) && !(key in this.#sent) && !sentBefore)) return [];
      if (!(key in theirs)) return oracle[key] === null ? [] : [{ at: path, target: '(absent)', oracle: oracle[key] }];
      return this.value(path, theirs[key], oracle[key]);
    });
  }

  /** Arrays as multisets: each of the oracle's items matched with one of the target's that shows no difference. */
  #multiset(at: string, target: unknown[], oracle: unknown[]): Difference[] {
    if (target.length !== oracle.length) return [{ at: `${at}.length`, target: target.length, oracle: oracle.length }];
    const left = [...target];
    for (const item of oracle) {
      const match = left.findIndex((candidate) => this.value(at, candidate, item).length === 0);
      if (match < 0) return [{ at, target, oracle }];
      left.splice(match, 1);
    }
    return [];
  }
}
