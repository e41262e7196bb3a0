// Spec 2.1: responses are `application/json; charset=utf-8`. Judged on every JSON answer of a
// documented operation the run gets (the media type and the charset; letter case and spaces
// around `;` are free, as RFC 9110 says).
import type { Observer } from '../../check.ts';

const JSON_UTF8 = /^application\/json\s*;\s*charset="?utf-8"?\s*$/i;
const WANTED = 'application/json; charset=utf-8';

export const contentType: Observer = {
  kind: 'observer',
  id: 'conventions.content-type',
  area: 'conventions',
  title: 'JSON answers say application/json; charset=utf-8',
  spec: '2.1',
  basis: 'documented',
  judge({ json, headers, operation }) {
    if (!operation || json === undefined) return [];
    const type = headers['content-type'];
    const problem = type && JSON_UTF8.test(type) ? undefined : `a JSON body with Content-Type ${type ?? '(none)'}, not ${WANTED}`;
    return [{ rule: 'conventions.response-content-type', problem }];
  },
};
