// What the error readings (error-*.ts, status-*.ts) share: an error envelope of the mock (spec
// 7.1) answered again with another code or status, the rest kept (request_id, the extra keys,
// the headers), its message in the caller's language and its docs_url naming the new code. The
// readings find the answers to change as the faults do (faults/fault.ts: onErrorCode).
import { messageFor, pickLanguage, type Texts } from '../errors/messages.ts';
import { changed } from '../faults/fault.ts';

export type Reanswer = {
  status?: number;
  code?: string;
  /** The message in each language of spec 7.1; the old one is kept without it. */
  texts?: Texts;
  /** Extra keys to add (or, given undefined, to drop). */
  extras?: Record<string, unknown>;
  headers?: Record<string, string | null>;
};

/** The error answer (its parsed `body`) with another status, code or message. */
export function reanswered(request: Request, response: Response, body: { error: Record<string, any> }, change: Reanswer): Response {
  const { error } = body;
  const code = change.code ?? error.code;
  const message = change.texts ? change.texts[pickLanguage(request.headers.get('accept-language'))] : error.message;
  const docsUrl = String(error.docs_url).replace(/[^/]*$/, code);
  const answer = { error: { ...error, code, message, docs_url: docsUrl, ...change.extras } };
  return changed(response, { body: answer, status: change.status ?? response.status, headers: change.headers ?? {} });
}

/** The mock's own message of a code, in each language (errors/messages.ts). */
export function textsOf(code: string): Texts {
  return { en: messageFor(code, 'en'), ru: messageFor(code, 'ru'), uz: messageFor(code, 'uz') };
}
