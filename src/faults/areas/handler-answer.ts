// The answer a buggy handler gives: its successful JSON body changed, inside the request's
// transaction (seams/handler-seams.ts), as the handler itself would have written it. Errors the
// handler throws or answers pass unchanged: these faults are in what a success carries.
import type { HandlerContext, HandlerResult } from '../../http/handler.ts';
import { withBody } from '../../wire/held-body.ts';
import { jsonOf } from '../fault.ts';

type Alter = (body: any, context: HandlerContext) => unknown;

/** An `aroundHandler` that answers `alter(body)` in place of the handler's successful body. */
export function answerAltered(alter: Alter) {
  return async (next: () => Promise<HandlerResult>, context: HandlerContext): Promise<HandlerResult> => {
    const result = await next();
    if (result instanceof Response) return alteredResponse(result, alter, context);
    if ((result.status ?? 200) >= 400 || result.body === undefined) return result;
    return { ...result, body: alter(structuredClone(result.body), context) };
  };
}

/** A page's text may be held beside its answer (http/held-body.ts): read through withBody. */
async function alteredResponse(response: Response, alter: Alter, context: HandlerContext): Promise<Response> {
  const body = response.ok ? await jsonOf(withBody(response)) : undefined;
  if (body === undefined) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(alter(body, context)), { status: response.status, headers });
}

/** The object without the named fields. */
export function without<T extends object>(body: T, ...fields: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field))) as Partial<T>;
}
