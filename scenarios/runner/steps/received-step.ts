// `webhooks:` judges what the runner's receiver got (each request as {method, path, headers,
// body, answered}); `events:` judges the mock's event log (each event as its envelope, oldest
// first). Both wait a little for what is on its way: deliveries are sent in the background.
import { settle } from '../clock.ts';
import { durationMs } from '../duration.ts';
import { match, show, type MatchContext } from '../match.ts';
import type { ReceivedCheck, Step } from '../types.ts';
import { controlKey, matchContext, NO_CONTROL, StepFailure, StepSkipped, type World } from '../world.ts';
import { captureFrom } from './capture.ts';

// Webhooks are delivered in the background; the event log is written with the change itself.
const DEFAULT_WAIT_MS = { webhooks: 3000, events: 0 };
const POLL_MS = 25;

type Source = { wait: number; noun: string; items(): Promise<unknown[]>; label(item: unknown): string };

export async function webhooksStep(world: World, step: Step): Promise<string> {
  world.vars.lookup('receiver'); // skips the step when no receiver can be reached
  const source: Source = {
    wait: DEFAULT_WAIT_MS.webhooks,
    noun: 'requests received',
    async items() {
      await settle(world);
      // A body that is not JSON is matched as its text.
      return world.receiver.received.map(({ method, path, headers, json, rawBody, answered }) => ({ method, path, headers, body: json ?? (rawBody || undefined), answered }));
    },
    label: (item) => {
      const request = item as { headers: Record<string, string>; answered: number; path: string };
      return `${request.headers['svc-event'] ?? request.path} → ${request.answered}`;
    },
  };
  return judgeUntilDue(world, step, world.vars.interpolate(step.webhooks!), source);
}

export async function eventsStep(world: World, step: Step): Promise<string> {
  if (!world.control) throw new StepSkipped(NO_CONTROL);
  const check = world.vars.interpolate(step.events!);
  const type = typeof (check.where as { type?: unknown })?.type === 'string' ? (check.where as { type: string }).type : undefined;
  const source: Source = { wait: DEFAULT_WAIT_MS.events, noun: 'events in the log', items: () => eventLog(world, type), label: (item) => String((item as { type: string }).type) };
  return judgeUntilDue(world, step, check, source);
}

/** Judges what came until it passes or the wait is over; then captures from the first item chosen. */
async function judgeUntilDue(world: World, step: Step, check: ReceivedCheck, source: Source): Promise<string> {
  const context = matchContext(world);
  const due = Date.now() + (check.wait === undefined ? source.wait : durationMs(check.wait));
  for (;;) {
    const items = await source.items();
    const chosen = check.where === undefined ? items : items.filter((item) => match(check.where, item, '', context).length === 0);
    const problems = judge(check, chosen, context);
    if (!problems.length) {
      const summary = `${source.noun}: ${chosen.length}${check.where === undefined ? '' : ` matching where, of ${items.length}`}`;
      if (step.capture) {
        if (!chosen.length) throw new StepFailure(`capture: nothing came to capture from (${summary})`);
        captureFrom(world, step.capture, chosen[0], (message) => new StepFailure(message, `the first of the ${source.noun}: ${show(chosen[0])}`, summary));
      }
      return summary;
    }
    if (Date.now() >= due) {
      const seen = chosen.length ? chosen.map(source.label).join(', ') : 'none';
      throw new StepFailure(problems.join('\n'), `${chosen.length} ${source.noun}${check.where === undefined ? '' : ' matching where'}: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function judge(check: ReceivedCheck, items: unknown[], context: MatchContext): string[] {
  const problems: string[] = [];
  if (check.count !== undefined && match(check.count, items.length, '', context).length) problems.push(`count: expected ${show(check.count)}, got ${items.length}`);
  problems.push(...includes(check.includes ?? [], items, check.ordered ?? false, context));
  for (const [index, matcher] of (check.excludes ?? []).entries()) {
    const found = items.find((item) => match(matcher, item, '', context).length === 0);
    if (found !== undefined) problems.push(`excludes[${index}]: expected none like ${show(matcher)}, got ${show(found)}`);
  }
  return problems;
}

/** Each matcher takes its own item; `ordered` wants them in the order written. */
function includes(matchers: unknown[], items: unknown[], ordered: boolean, context: MatchContext): string[] {
  const used = new Set<number>();
  let after = -1;
  const problems: string[] = [];
  for (const [index, matcher] of matchers.entries()) {
    const at = items.findIndex((item, position) => !used.has(position) && (!ordered || position > after) && match(matcher, item, '', context).length === 0);
    if (at >= 0) {
      used.add(at);
      after = at;
      continue;
    }
    problems.push(`includes[${index}]: expected an item like ${show(matcher)}${ordered ? ' (in this order)' : ''}, got none${closest(matcher, items, context)}`);
  }
  return problems;
}

/** The nearest miss, so the failure shows what differed rather than only that nothing matched. */
function closest(matcher: unknown, items: unknown[], context: MatchContext): string {
  const ranked = items.map((item) => match(matcher, item, '', context)).filter((mismatches) => mismatches.length).sort((a, b) => a.length - b.length);
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
