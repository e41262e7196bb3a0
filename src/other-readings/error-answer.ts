// What the error readings (error-*.ts, status-*.ts) share: reading the mock's error envelope
// (spec 7.1) off a response, and answering it again with another code or status, the envelope
// otherwise kept (request_id, the extra keys), its message in the caller's language and its
// docs_url naming the new code.
import { messageFor, pickLanguage, type Texts } from '../errors/messages.ts';
import { withBody } from '../http/held-body.ts';
import { jsonResponse } from '../http/json-response.ts';

export type ErrorBody = { code: string; message: string; request_id: string; docs_url: string; [key: string]: unknown };

/** The error envelope of a JSON error response, or undefined (a success, an OAuth error, a page). */
export async function errorOf(response: Response): Promise<ErrorBody | undefined> {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('json')) return undefined;
  const error = (await response.clone().json().catch(() => undefined))?.error;
  return error && typeof error === 'object' && typeof error.code === 'string' ? error : undefined;
}

export type Reanswer = {
  status?: number;
  code?: string;
  /** The message in each language of spec 7.1; the old one is kept without it. */
  texts?: Texts;
  /** Extra keys to add (or, given undefined, to drop). */
  extras?: Record<string, unknown>;
};

/** The same error answered with another status, code or message; the headers (X-Request-Id, WWW-Authenticate, Allow) kept. */
export function reanswered(request: Request, response: Response, error: ErrorBody, change: Reanswer): Response {
  const code = change.code ?? error.code;
  const message = change.texts ? change.texts[pickLanguage(request.headers.get('accept-language'))] : error.message;
  const docsUrl = error.docs_url.replace(/[^/]*$/, code);
  const body = { error: { ...error, code, message, docs_url: docsUrl, ...change.extras } };
  const headers = Object.fromEntries(response.headers);
  delete headers['content-length'];
  delete headers['content-type'];
  // A standard Response, not a held one (http/held-body.ts): an outer reading reads its body.
  return withBody(jsonResponse(body, { status: change.status ?? response.status, headers }));
}

/** The mock's own message of a code, in each language (errors/messages.ts). */
export function textsOf(code: string): Texts {
  return { en: messageFor(code, 'en'), ru: messageFor(code, 'ru'), uz: messageFor(code, 'uz') };
}
