// A deployment that presents the ids of one kind otherwise than the mock makes them (spec 2.1:
// ids are `<prefix>_<26 lowercase letters and digits>`): every id of the kind, with its short or
// long prefix, is changed by `present` in each request's path, query and body on the way in and
// in each answer's body on the way out. `present` is its own inverse, so no memory is kept.
import type { Handle } from '../fault.ts';
import { LONG_PREFIXES } from '../../ids/ids.ts';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The 26 characters with each counted from the other end of the alphabet: later ids come out smaller. */
export const reversedId = (body: string) => [...body].map((letter) => ALPHABET[31 - ALPHABET.indexOf(letter)] ?? letter).join('');

/** A raw wrap presenting the ids of the short prefix `prefix` through `present`. */
export function idsPresented(prefix: string, present: (body: string) => string) {
  const prefixes = [prefix, ...Object.keys(LONG_PREFIXES).filter((long) => LONG_PREFIXES[long] === prefix)];
  const ids = new RegExp(`\\b(${prefixes.join('|')})_([0-9a-z]{26})\\b`, 'g');
  const presented = (text: string) => text.replace(ids, (_id, kind: string, body: string) => `${kind}_${present(body)}`);
  return (next: Handle): Handle =>
    async (request, info) => {
      const body = request.body ? presented(await request.text()) : undefined;
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      const answer = await next(new Request(presented(request.url), { method: request.method, headers, body }), info);
      if (!answer.headers.get('content-type')?.includes('json')) return answer;
      const answered = new Headers(answer.headers);
      answered.delete('content-length');
      return new Response(presented(await answer.text()), { status: answer.status, headers: answered });
    };
}
