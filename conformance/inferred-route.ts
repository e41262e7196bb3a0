// A route the spec does not show (`x-inferred` in the document: the task sub-routes' methods, the
// tag settings method, the webhook list, read and delete...) that a deployment does not offer:
// it answered 405, 501, or a 404 that is no record's (not `not_found` or `gone`). crmkit designed
// that route its own way (spec README, reading 3); a deployment that designed it otherwise, or
// offers none, is not wrong, so the rules resting on it are left unjudged there, saying why. On a
// crmkit mock every route it designed must answer: nothing is skipped.
import type { CheckContext } from './context.ts';
import type { Exchange } from './exchange.ts';

/**
 * A route of which the spec shows all but the method (`x-inferred-method-only`: the task
 * sub-routes, the tag settings route) that the deployment answered as the route: a success, or a
 * refusal only the route itself gives (409 a state conflict, 410 a deleted record, 422 a value it
 * read). What the spec states the route does is then judged as stated. A 404, 405 or 501, and the
 * statuses a deployment gives before it routes (400, 401, 403, 413, 429, 5xx), show nothing.
 */
export function answeredAsRoute(exchange: Exchange): boolean {
  if (!exchange.operation?.isMethodOnlyInferred) return false;
  const { status } = exchange;
  return (status >= 200 && status < 300) || status === 409 || status === 410 || status === 422;
}

/**
 * An assertion on the exchange rests on crmkit's design (spec README, reading 3): its route is one
 * the spec does not show, unless the spec shows all but its method and the deployment answered it
 * as the route.
 */
export function restsOnInferredRoute(exchange: Exchange | undefined): boolean {
  if (!exchange?.operation?.isRouteInferred) return false;
  return !answeredAsRoute(exchange);
}

export function routeNotOffered(context: CheckContext, exchange: Exchange): boolean {
  if (context.target.mock !== undefined || !exchange.operation?.isRouteInferred) return false;
  const code = exchange.json?.error?.code;
  return exchange.status === 405 || exchange.status === 501 || (exchange.status === 404 && code !== 'not_found' && code !== 'gone');
}

/** Why the rules resting on the exchange's route are not judged. */
export function notOfferedReason(exchange: Exchange): string {
  const code = exchange.json?.error?.code;
  const route = `${exchange.request.method} ${exchange.operation?.path ?? new URL(exchange.request.url).pathname}`;
  const answer = `${exchange.status}${code ? ` ${code}` : ''}`;
  return `${route} is a route the spec does not show (x-inferred), and this deployment does not offer it (${answer})`;
}

/** Skips the check when the deployment does not offer the exchange's inferred route. */
export function skipIfNotOffered(context: CheckContext, exchange: Exchange): void {
  if (routeNotOffered(context, exchange)) context.skip(notOfferedReason(exchange));
}
