// Bodies held beside their Request or Response instead of inside a web stream. Making a body
// stream and reading it back costs more than the rest of a simple request (measured in process:
// a read by id takes about 30 µs of CPU with the stream and 11 µs without), so inside the core a
// JSON answer is a body-less Response with its text held here, and the node:http face hands a request's buffered bytes in the same way. Streams are
// made only at the edges that need them: `withBody` before a Response leaves the core (MSW,
// library users), `withRequestBody` before a fault reads a request.
const responseTexts = new WeakMap<Response, string>();
const requestBodies = new WeakMap<Request, Uint8Array>();

/** A Response whose body is `text`, held rather than streamed. */
export function heldTextResponse(text: string, init: ResponseInit): Response {
  const response = new Response(null, init);
  responseTexts.set(response, text);
  return response;
}

/** The held body text of a response, or undefined when its body (if any) is a stream. */
export function heldTextOf(response: Response): string | undefined {
  return responseTexts.get(response);
}

/** The standard Response: the same one when its body is not held, else a copy carrying it. */
export function withBody(response: Response): Response {
  const text = responseTexts.get(response);
  if (text === undefined) return response;
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A body-less Request standing for one whose body is `bytes`. */
export function heldBodyRequest(
  url: string,
  init: { method: string; headers: [string, string][]; signal?: AbortSignal },
  bytes: Uint8Array,
): Request {
  const request = new Request(url, init);
  requestBodies.set(request, bytes);
  return request;
}

/** The held bytes of a request's body, or undefined when its body (if any) is a stream. */
export function heldBodyOf(request: Request): Uint8Array | undefined {
  return requestBodies.get(request);
}

/** The standard Request: the same one when its body is not held, else a copy carrying it. */
export function withRequestBody(request: Request): Request {
  const bytes = requestBodies.get(request);
  if (bytes === undefined) return request;
  return new Request(request, { body: bytes, duplex: 'half' } as RequestInit);
}
