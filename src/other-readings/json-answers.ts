// The one mechanism every other reading of an answer uses: the JSON body of each answer, read,
// given to `rewrite`, and answered in its place with the same status and headers.
import type { Handle } from './other-reading.ts';

/** What a rewrite may look at besides the body. */
export type AnswerInfo = { request: Request; path: string; status: number };

/** `rewrite` returns the body to answer, or undefined to leave the answer as it was. */
export type Rewrite = (body: unknown, info: AnswerInfo) => unknown;

export function rewritingJsonAnswers(next: Handle, rewrite: Rewrite): Handle {
  return async (request, info) => {
    const response = await next(request, info);
    if (request.method === 'HEAD' || !response.headers.get('content-type')?.startsWith('application/json')) return response;
    const text = await response.clone().text();
    if (!text) return response;
    const body = rewrite(JSON.parse(text), { request, path: new URL(request.url).pathname, status: response.status });
    if (body === undefined) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
  };
}

/** Whether `value` is a JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type ObjectChange = (object: Record<string, unknown>) => Record<string, unknown>;

/**
 * `value` with `change` applied to every object in it, deepest first; `keep` names the keys
 * whose values are left as they are (their objects and strings are not changed).
 */
export function mapObjects(value: unknown, change: ObjectChange, keep: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => mapObjects(item, change, keep));
  if (!isObject(value)) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, keep.includes(key) ? item : mapObjects(item, change, keep)]);
  return change(Object.fromEntries(entries));
}
