// A handler's changed answer, for the area mutants (src/faults/areas/): the successful JSON body a
// buggy handler or presenter gives, changed where it is made (the `aroundHandler` seam, inside the
// request's transaction: seams/handler-seams.ts), or a raw answer replaced by JSON (the `wrap`
// seam, for a page or a script answered as JSON). Errors the handler throws or answers pass
// unchanged: these faults are in what a success carries.
import type { HandlerContext, HandlerResult } from '../../http/handler.ts';
import { withBody } from '../../wire/held-body.ts';
import { jsonOf } from '../fault.ts';

type Alter = (body: any) => unknown;

/** A successful answer with its JSON body changed by `alter` (the handler's own `{status, body}` or a Response). */
export async function alterResult(result: HandlerResult, alter: Alter): Promise<HandlerResult> {
  if (result instanceof Response) return alteredResponse(result, alter);
  if ((result.status ?? 200) >= 400 || result.body === undefined) return result;
  return { ...result, body: await alter(structuredClone(result.body)) };
}

/** The body a handler answered (undefined for a raw Response). */
export const answeredBody = (result: HandlerResult): any => (result instanceof Response ? undefined : result.body);

/** An `aroundHandler` that answers `alter(body, context)` in place of the handler's successful body. */
export function answerAltered(alter: (body: any, context: HandlerContext) => unknown) {
  return async (next: () => Promise<HandlerResult>, context: HandlerContext): Promise<HandlerResult> =>
    alterResult(await next(), (body) => alter(body, context));
}

/** Inside the core a JSON answer's text may be held beside a body-less Response (wire/held-body.ts): read through withBody. */
async function alteredResponse(response: Response, alter: Alter): Promise<Response> {
  const body = response.ok ? await jsonOf(withBody(response)) : undefined;
  if (body === undefined) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(await alter(body)), { status: response.status, headers });
}

/** The raw `answer` replaced by one of `status` with the JSON `body`, its headers kept (its request id among them). */
export function jsonAnswer(answer: Response, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const sent = new Headers(answer.headers);
  sent.set('content-type', 'application/json; charset=utf-8');
  sent.delete('content-length');
  for (const [name, value] of Object.entries(headers)) sent.set(name, value);
  return new Response(JSON.stringify(body), { status, headers: sent });
}

/** Applies `alter` to each record a list answer holds (`data`), or to the one record a read answers. */
export const eachRecord = (alter: (record: any) => any) => (body: any) =>
  Array.isArray(body?.data) ? { ...body, data: body.data.map(alter) } : alter(body);

/** The object without the named fields. */
export function without<T extends object>(body: T, ...fields: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field))) as Partial<T>;
}
