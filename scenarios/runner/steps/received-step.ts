// `webhooks:` judges what the runner's receiver got (each request as {method, path, headers,
// body, answered}); `events:` judges the mock's event log (each event as its envelope, oldest
// first). Both wait a little for what is on its way: deliveries are sent in the background.
// Deliveries are at least once and in no order (spec 6.3): a webhooks step's `count` counts
// events by their Svc-Event-Id (a duplicate is not a second event; `attempts` counts requests,
// retries included), and `ordered` reads their `occurred_at`, events of one instant in any order.
import { waitingFor } from '../../../harness/waiting.ts';
import { settle } from '../clock.ts';
import { durationMs } from '../duration.ts';
import { match, show, type MatchContext } from '../match.ts';
import type { ReceivedCheck, Step } from '../types.ts';
import { UnknownVariable } from '../variables.ts';
import { controlKey, matchContext, NO_CONTROL, StepFailure, StepSkipped, type World } from '../world.ts';
import { captureFrom } from './capture.ts';

// Webhooks are delivered in the background; the event log is written with the change itself.
const DEFAULT_WAIT_MS = { webhooks: 3000, events: 0 };
const POLL_MS = 25;

type Source = {
  wait: number;
  noun: string;
  items(): Promise<unknown[]>;
  label(item: unknown): string;
  /** What makes two items one event (webhooks: the Svc-Event-Id); without it every item is one. */
  eventKey?(item: unknown): string | undefined;
  /** When an item's event occurred (webhooks); without it `ordered` is the order of the items. */
  occurredAt?(item: unknown): number;
};

export async function webhooksStep(world: World, step: Step): Promise<string> {
  world.vars.lookup('receiver'); // skips the step when no receiver can be reached
  const source: Source = {
    wait: DEFAULT_WAIT_MS.webhooks,
    noun: 'requests received',
    async items() {
      await settle(world);
      // A body that is not JSON is matched as its text.
      return world.receiver.received.map(({ method, path, headers, json, rawBody, answered }) => ({
        method,
        path,
        headers,
        body: json ?? (rawBody || undefined),
        answered,
      }));
    },
    label: (item) => {
      const request = item as { headers: Record<string, string>; answered: number; path: string };
      return `${request.headers['svc-event'] ?? request.path} → ${request.answered}`;
    },
    eventKey: (item) => (item as { headers: Record<string, string> }).headers['svc-event-id'],
    // The envelope's occurred_at (spec 6.1); an app lifecycle event's created_at (6.5).
    occurredAt: (item) => {
      const body = (item as { body?: { occurred_at?: unknown; created_at?: unknown } }).body;
      return Date.parse(String(body?.occurred_at ?? body?.created_at));
    },
  };
  return judgeUntilDue(world, step, world.vars.interpolate(step.webhooks!), source);
}

export async function eventsStep(world: World, step: Step): Promise<string> {
  if (!world.control) throw new StepSkipped(NO_CONTROL);
  const check = world.vars.interpolate(step.events!);
  if (check.attempts !== undefined) throw new UnknownVariable('attempts belongs to a webhooks step: the event log holds each event once');
  const type = typeof (check.where as { type?: unknown })?.type === 'string' ? (check.where as { type: string }).type : undefined;
  const source: Source = {
    wait: DEFAULT_WAIT_MS.events,
    noun: 'events in the log',
    items: () => eventLog(world, type),
    label: (item) => String((item as { type: string }).type),
  };
  return judgeUntilDue(world, step, check, source);
}

/** Judges what came until it passes or the wait is over; then captures from the first item chosen. */
/** Judges the items until they pass or the step's wait is over; the wait is named for the run's progress lines (harness/waiting.ts). */
function judgeUntilDue(world: World, step: Step, check: ReceivedCheck, source: Source): Promise<string> {
  const waitMs = check.wait === undefined ? source.wait : durationMs(check.wait);
  return waitingFor(`the ${source.noun} the step expects`, waitMs, () => pollUntilDue(world, step, check, source, Date.now() + waitMs));
}

async function pollUntilDue(world: World, step: Step, check: ReceivedCheck, source: Source, due: number): Promise<string> {
  const context = matchContext(world);
  for (;;) {
    const items = await source.items();
    const chosen = check.where === undefined ? items : items.filter((item) => match(check.where, item, '', context).length === 0);
    const problems = judge(check, chosen, context, source);
    if (!problems.length) {
      const summary = `${source.noun}: ${chosen.length}${check.where === undefined ? '' : ` matching where, of ${items.length}`}`;
      if (step.capture) {
        if (!chosen.length) throw new StepFailure(`capture: nothing came to capture from (${summary})`);
        captureFrom(
          world,
          step.capture,
          chosen[0],
          (message) => new StepFailure(message, `the first of the ${source.noun}: ${show(chosen[0])}`, summary),
        );
      }
      return summary;
    }
    if (Date.now() >= due) {
      const seen = chosen.length ? chosen.map(source.label).join(', ') : 'none';
      throw new StepFailure(
        problems.join('\n'),
        `${chosen.length} ${source.noun}${check.where === undefined ? '' : ' matching where'}: ${seen}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function judge(check: ReceivedCheck, items: unknown[], context: MatchContext, source: Source): string[] {
  const problems: string[] = [];
  const events = eventCount(items, source);
  const requests = events === items.length ? '' : ` (in ${items.length} requests)`;
  const differs = (matcher: unknown, value: number) => matcher !== undefined && match(matcher, value, '', context).length > 0;
  if (differs(check.count, events)) problems.push(`count: expected ${show(check.count)}, got ${events}${requests}`);
  if (differs(check.attempts, items.length)) problems.push(`attempts: expected ${show(check.attempts)}, got ${items.length}`);
  problems.push(...includes(check.includes ?? [], items, check.ordered ? inOrder(items, source) : () => true, context));
  for (const [index, matcher] of (check.excludes ?? []).entries()) {
    const found = items.find((item) => match(matcher, item, '', context).length === 0);
    if (found !== undefined) problems.push(`excludes[${index}]: expected none like ${show(matcher)}, got ${show(found)}`);
  }
  return problems;
}

/** Items that are one event (a retry, a duplicate delivery) count once. */
function eventCount(items: unknown[], source: Source): number {
  return new Set(items.map((item, index) => source.eventKey?.(item) ?? `item ${index}`)).size;
}

type Follows = (before: number | undefined, after: number) => boolean;

/** `ordered`: each item after the one before it, by when its event occurred where the source says. */
function inOrder(items: unknown[], source: Source): Follows {
  return (before, after) => {
    if (before === undefined) return true;
    const [then, now] = [source.occurredAt?.(items[before]), source.occurredAt?.(items[after])];
    return then !== undefined && now !== undefined && Number.isFinite(then) && Number.isFinite(now) ? now >= then : after > before;
  };
}

/** Each matcher takes its own item, each after the one before it where `follows` says so. */
function includes(matchers: unknown[], items: unknown[], follows: Follows, context: MatchContext): string[] {
  const fits = (matcher: unknown) => items.flatMap((item, position) => (match(matcher, item, '', context).length === 0 ? [position] : []));
  const candidates = matchers.map(fits);
  if (assigned(candidates, follows)) return [];
  // No way to give every matcher its own item: the first one the greedy walk cannot place says what is missing.
  const used = new Set<number>();
  let after: number | undefined;
  const problems: string[] = [];
  for (const [index, matcher] of matchers.entries()) {
    const at = candidates[index]!.find((position) => !used.has(position) && follows(after, position));
    if (at !== undefined) {
      used.add(at);
      after = at;
      continue;
    }
    const order = candidates[index]!.length ? ' (in this order)' : '';
    problems.push(`includes[${index}]: expected an item like ${show(matcher)}${order}, got none${closest(matcher, items, context)}`);
  }
  return problems.length ? problems : ['includes: no item for each matcher of its own'];
}

/** A search for one item per matcher (bounded: the lists a story judges are short). */
function assigned(candidates: number[][], follows: Follows): boolean {
  let budget = 10_000;
  const used = new Set<number>();
  const search = (index: number, before: number | undefined): boolean => {
    if (index === candidates.length) return true;
    for (const position of candidates[index]!) {
      if (used.has(position) || !follows(before, position) || budget-- <= 0) continue;
      used.add(position);
      if (search(index + 1, position)) return true;
      used.delete(position);
    }
    return false;
  };
  return search(0, undefined);
}

/** The nearest miss, so the failure shows what differed rather than only that nothing matched. */
function closest(matcher: unknown, items: unknown[], context: MatchContext): string {
  const ranked = items
    .map((item) => match(matcher, item, '', context))
    .filter((mismatches) => mismatches.length)
    .sort((a, b) => a.length - b.length);
  const nearest = ranked[0];
  if (!nearest) return '';
  return `; the nearest differs in ${nearest.map((mismatch) => `${mismatch.path || 'the item'} (expected ${mismatch.expected}, got ${mismatch.actual})`).join('; ')}`;
}

const PAGE = 250;
const MAX_PAGES = 40;

/** The workspace's events, oldest first (the log lists them newest first). */
async function eventLog(world: World, type: string | undefined): Promise<unknown[]> {
  const events: unknown[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ limit: String(PAGE), ...(type ? { type } : {}), ...(cursor ? { cursor } : {}) });
    const exchange = await world.client.send('GET', `/_mock/workspaces/${world.workspaceId}/events?${query}`, { key: controlKey(world) });
    if (exchange.status !== 200) throw new StepFailure(`the event log answered ${exchange.status}`);
    events.push(...exchange.json.data);
    cursor = exchange.json.next_cursor;
    if (!cursor) break;
  }
  return events.reverse();
}
