// JSON responses with the content type of spec 2.1.
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

// The text of each JSON response the core built, so that the node:http face writes it at once
// instead of reading it back through the Response's web stream (a third of a request's cost).
const texts = new WeakMap<Response, string>();

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, {
    status: init.status ?? 200,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, ...init.headers },
  });
  texts.set(response, text);
  return response;
}

/** The body text of a response made by `jsonResponse`, unread; undefined for any other. */
export function jsonTextOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : texts.get(response);
}
