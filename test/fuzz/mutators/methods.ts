// The operation's path with a method it does not have: others of the document, ones node:http
// parses but fetch refuses (TRACE, TRACK, CONNECT), WebDAV ones, custom and lower-case ones.
import { baseRequest, caseOf, type Mutator } from '../fuzz-case.ts';

const METHODS = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'TRACK',
  'CONNECT',
  'PROPFIND',
  'MKCOL',
  'PURGE',
  'QUERY',
  'SEARCH',
  'LINK',
  'FOO',
  'M-SEARCH',
  'get',
  'Post',
  'X'.repeat(40),
];

export const methodMutators: Mutator[] = [
  {
    name: 'wrong-method',
    make: (context) => {
      const request = baseRequest(context);
      request.method = context.rng.pick(METHODS.filter((method) => method !== context.sample.operation.method));
      // Methods node:http does not parse end the connection; CONNECT takes it over.
      const known = [
        'GET',
        'POST',
        'PUT',
        'PATCH',
        'DELETE',
        'OPTIONS',
        'HEAD',
        'TRACE',
        'PROPFIND',
        'MKCOL',
        'PURGE',
        'QUERY',
        'SEARCH',
        'LINK',
      ];
      return caseOf(context, 'wrong-method', request, { alone: !known.includes(request.method) });
    },
  },
];
