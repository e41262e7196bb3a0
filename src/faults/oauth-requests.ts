// What the mutants of OAuth share (areas/oauth-authorize.ts, oauth-grants.ts, oauth-clients.ts): the
// parameters of a token request, an answer in OAuth's error format (spec 5.2).

/** The parameters of a token or revoke request, form-encoded or JSON (read from a copy; a JSON body that is no object has none). */
export async function paramsOf(request: Request): Promise<Record<string, string>> {
  const text = await request.clone().text();
  if ((request.headers.get('content-type') ?? '').includes('json')) {
    try {
      const parsed = JSON.parse(text);
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** An answer in the OAuth format, as the endpoint gives them. */
export function oauthAnswer(request: Request, status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': request.headers.get('x-request-id') ?? 'req_fault',
    },
  });
}

/** A time far ahead: what a lifetime that is never checked amounts to. */
export const FOREVER = '2999-01-01T00:00:00.000Z';
