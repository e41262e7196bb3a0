// JSON responses with the content type of spec 2.1, their text held beside them (held-body.ts).
import { heldTextResponse } from './held-body.ts';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

type JsonInit = { status?: number; headers?: Record<string, string> };

export function jsonResponse(body: unknown, init: JsonInit = {}): Response {
  return jsonTextResponse(JSON.stringify(body), init);
}

/** A JSON response from text already serialized (a page whose items' JSON is kept). */
export function jsonTextResponse(text: string, init: JsonInit = {}): Response {
  return heldTextResponse(text, {
    status: init.status ?? 200,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, ...init.headers },
  });
}

/** A page `{data, ...rest}` whose items are written by `itemJson`, in the key order of `page`. */
export function jsonPageResponse<T>(page: { data: readonly T[] } & Record<string, unknown>, itemJson: (item: T) => string): Response {
  const { data, ...rest } = page;
  const items = `"data":[${data.map(itemJson).join(',')}]`;
  const others = JSON.stringify(rest).slice(1, -1);
  return jsonTextResponse(others ? `{${items},${others}}` : `{${items}}`);
}
