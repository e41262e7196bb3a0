// A request to the API (or, for `control:` steps, to the mock's control API): sent with the
// credential the story names, judged against `expect`, then `capture` keeps parts of the answer.
import { describeExchange, type Exchange } from '../../../conformance/exchange.ts';
import { ABSENT, describeMismatches, match, show, type MatchContext, type Mismatch } from '../match.ts';
import { durationMs } from '../duration.ts';
import { captureFrom, holdForCleanup } from './capture.ts';
import type { Expect, HttpRequestSpec, Step } from '../types.ts';
import { UnknownVariable, VariableUnavailable } from '../variables.ts';
import { controlKey, matchContext, NO_CONTROL, StepFailure, StepSkipped, type World } from '../world.ts';

export async function requestStep(world: World, step: Step): Promise<string> {
  const isControl = step.control !== undefined;
  if (isControl && !world.control) throw new StepSkipped(NO_CONTROL);
  if (step.each === undefined) return step.wait === undefined ? send(world, step, isControl) : sendUntilMatched(world, step, isControl);
  // `each`: the request once per item of a list, `${item}` being the item (cleanup of what a story made).
  const items = eachItems(world, step.each);
  const summaries: string[] = [];
  try {
    for (const item of items) {
      world.vars.set('item', item);
      summaries.push(await send(world, step, isControl));
    }
  } finally {
    world.vars.unavailable('item', 'item exists only inside a step with each');
  }
  return items.length ? `${summaries[0]}${items.length > 1 ? ` (and ${items.length - 1} more like it)` : ''}` : 'each: no items';
}

/**
 * `wait`: what the request reads may take a moment to show what happened (a delivery log after
 * the receiver answered): the request is sent again until the answer is as expected, or the time is up.
 */
async function sendUntilMatched(world: World, step: Step, isControl: boolean): Promise<string> {
  const due = Date.now() + durationMs(step.wait!);
  for (let tries = 1; ; tries++) {
    try {
      const summary = await send(world, step, isControl);
      return tries > 1 ? `${summary} (try ${tries})` : summary;
    } catch (error) {
      if (!(error instanceof StepFailure) || Date.now() >= due) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

const RETRY_MS = 100;

/**
 * The items of `each`. In cleanup an item written as a variable that was never made (the story
 * stopped before it) is left out: the others made before it are still deleted.
 */
function eachItems(world: World, written: unknown): unknown[] {
  const cleaning = Array.isArray(written) && world.vars.forCleanup;
  const items = cleaning ? written.flatMap((item) => madeItem(world, item)) : world.vars.interpolate(written);
  if (!Array.isArray(items)) throw new StepFailure(`each: expected a list, got ${show(items)}`);
  return items;
}

function madeItem(world: World, written: unknown): unknown[] {
  try {
    return [world.vars.interpolate(written)];
  } catch (error) {
    if (error instanceof VariableUnavailable || error instanceof UnknownVariable) return [];
    throw error;
  }
}

async function send(world: World, step: Step, isControl: boolean): Promise<string> {
  const written = (step.request ?? step.control) as HttpRequestSpec;
  const spec = world.vars.interpolate(written);
  const key = isControl ? controlKey(world) : credential(world, written.credential);
  const exchange = await world.client.send(spec.method, withQuery(spec.path, spec.query), {
    key,
    body: spec.body,
    headers: lowerCase(spec.headers),
    origin: spec.origin,
  });
  const summary = `${spec.method} ${withQuery(spec.path, spec.query)} → ${exchange.status}`;
  const mismatches = judge(world.vars.interpolate(step.expect ?? {}), exchange, matchContext(world), world.vars.forCleanup);
  const answer = { status: exchange.status, headers: exchange.headers, body: exchange.json ?? exchange.text };
  if (mismatches.length) {
    // It succeeded, so it may have made a record: cleanup still gets what it would capture.
    if (exchange.status < 300) holdForCleanup(world, step.capture ?? {}, answer, `the step that captures it did not pass (${summary})`);
    throw new StepFailure(mismatches.join('\n'), describeExchange(exchange), summary);
  }
  captureFrom(world, step.capture ?? {}, answer, (message) => new StepFailure(message, describeExchange(exchange), summary));
  return summary;
}

/** The key to send: the owner's by default, none, a named key of setup.keys, or a token such as `${tokens.access_token}`. */
function credential(world: World, written: string | undefined): string | null {
  if (written === undefined || written === 'owner') return world.keys.get('owner')!;
  if (written === 'none') return null;
  if (written.includes('${')) return String(world.vars.interpolate(written));
  const key = world.keys.get(written);
  if (key) return key;
  const missing = world.missingKeys.get(written);
  if (missing) throw new StepSkipped(missing);
  throw new StepFailure(`credential ${written} is no key of setup.keys (known: ${[...world.keys.keys()].join(', ')})`);
}

/**
 * What a cleanup request may meet besides a success: the record is already gone (a step put it
 * in the trash and the one that would restore it was skipped or is pending).
 */
const ALREADY_GONE = [404, 410];

function judge(expect: Expect, exchange: Exchange, context: MatchContext, cleanup: boolean): string[] {
  const problems: string[] = [];
  const statuses = expect.status === undefined ? undefined : [expect.status].flat();
  if (statuses && !statuses.includes(exchange.status))
    problems.push(`status: expected ${statuses.join(' or ')}, got ${exchange.status}${errorCode(exchange)}`);
  const refused = exchange.status >= 400 && !(cleanup && ALREADY_GONE.includes(exchange.status));
  if (!statuses && refused) problems.push(`status: expected a success, got ${exchange.status}${errorCode(exchange)}`);
  const headers: Mismatch[] = Object.entries(expect.headers ?? {}).flatMap(([name, matcher]) =>
    match(matcher, headerOf(exchange, name), name.toLowerCase(), context),
  );
  if (headers.length) problems.push(describeMismatches(headers, 'headers'));
  if (expect.body !== undefined) {
    const body = match(expect.body, exchange.json ?? exchange.text, '', context);
    if (body.length) problems.push(describeMismatches(body, 'body'));
  }
  return problems;
}

function errorCode(exchange: Exchange): string {
  const code = exchange.json?.error?.code ?? exchange.json?.error;
  return typeof code === 'string' ? ` (${code})` : '';
}

function headerOf(exchange: Exchange, name: string): unknown {
  return exchange.headers[name.toLowerCase()] ?? ABSENT;
}

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query || !Object.keys(query).length) return path;
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function lowerCase(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  return headers && Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
