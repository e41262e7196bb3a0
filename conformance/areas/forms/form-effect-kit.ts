// What the form checks of the effect of a submission and of its limits share (spec 4.12, 8), next
// to conformance/kits/form-kit.ts: a submission whose 429 is seen rather than waited out, a refusal
// told as a rule's problem (so that a check judging several rules goes on), and the timeline of a
// lead a submission opened.
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { Submission } from '../../kits/form-kit.ts';

/** `POST {workspace_url}/api/forms/{id}/submit` with no credential; a 429 is answered as it is, never waited out. */
export function submitOnce(
  context: CheckContext,
  formId: string,
  body: Submission,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  return context.client.call('submitForm', {
    path: { form_id: formId },
    key: null,
    origin: 'workspace',
    headers,
    body,
    honorRetryAfter: false,
  });
}

/**
 * The problem with an answer to a request sent without credentials when it asks for them (401, or
 * a WWW-Authenticate challenge), or undefined: spec 5.1's "public form endpoints need no
 * credentials" is broken by that alone, not by any other refusal of the route (a token, an origin).
 */
export function credentialsAskedProblem(exchange: Exchange, what: string): string | undefined {
  const challenge = exchange.headers['www-authenticate'];
  if (exchange.status !== 401 && !challenge) return undefined;
  return `${what} answered ${exchange.status} ${exchange.json?.error?.code ?? ''}${challenge ? ` with WWW-Authenticate: ${challenge}` : ''}: it asks for credentials`;
}

/** The problem with an answer that should be the refusal `status` `code`, or undefined. */
export function refusalProblem(exchange: Exchange, status: number, code: string, what: string): string | undefined {
  const actual = exchange.json?.error?.code;
  return exchange.status === status && actual === code
    ? undefined
    : `${what} answered ${exchange.status} ${actual ?? '(no error code)'}, not ${status} ${code}`;
}

/** The problem with an answer that should be the 201 `{ok: true, success, redirect_url}` of spec 4.12, or undefined. */
export function acceptedProblem(exchange: Exchange, what: string): string | undefined {
  if (exchange.status !== 201) return `${what} answered ${exchange.status} ${exchange.json?.error?.code ?? ''}, not 201`;
  const body = exchange.json;
  const shaped =
    body?.ok === true &&
    typeof body?.success === 'string' &&
    body &&
    'redirect_url' in body &&
    (body.redirect_url === null || typeof body.redirect_url === 'string');
  return shaped ? undefined : `${what} answered 201 but not {ok: true, success, redirect_url}: ${exchange.text.slice(0, 120)}`;
}

/** The items of a lead's timeline (spec 4.5), newest first; undefined when the key may not read it. */
export async function leadTimeline(context: CheckContext, leadId: string): Promise<any[] | undefined> {
  const listed = await context.client.call('listTimeline', { query: { entity_type: 'lead', entity_id: leadId, limit: 250 } });
  return listed.status === 200 ? (listed.json?.data ?? []) : undefined;
}

/** The origin (scheme, host and port) of a URL. */
export const originOf = (url: string) => new URL(url).origin;
