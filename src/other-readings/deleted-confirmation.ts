// Delete confirmations answered `{id, deleted: true}` instead of `{ok: true, id}`, wherever spec
// 2.1's rule is the only word on the answer. Kept where a section states the exact form: the
// lead's delete (4.2, `{ok: true, id}`) and the tag's (4.4, `{ok: true, id, affected}`, which
// this never matches: it has three keys).
import { isObject, rewritingJsonAnswers } from './json-answers.ts';
import type { OtherReading } from './other-reading.ts';

/** Spec 4.2: "Delete answers `{ok: true, id}`" for a lead, by id or number. */
const LEAD_DELETE = /^\/v1\/leads\/[^/]+$/;

export const deletedConfirmation: OtherReading = {
  name: 'deleted-confirmation',
  description: 'Deletes answer `{id, deleted: true}` instead of `{ok: true, id}` (not a lead delete: 4.2 states its form).',
  leftOpenBy: 'Spec 2.1: "Delete answers 200 with a small confirmation: `{ok: true, id}` or `{id, deleted: true}`."',
  wrap: (next) =>
    rewritingJsonAnswers(next, (body, { request, path, status }) => {
      if (request.method !== 'DELETE' || status !== 200 || LEAD_DELETE.test(path) || !isOkConfirmation(body)) return undefined;
      return { id: body.id, deleted: true };
    }),
};

function isOkConfirmation(body: unknown): body is { ok: true; id: string } {
  return isObject(body) && body.ok === true && typeof body.id === 'string' && Object.keys(body).length === 2;
}
