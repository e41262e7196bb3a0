// Mutants of the input limits (spec 8): the sizes of a body and of its values that the service
// takes or refuses.
import { changed, onErrorCode, type Fault } from '../fault.ts';
import { errorAnswer } from '../input-refusals.ts';

export const limitsInputMutants: readonly Fault[] = [
  {
    name: 'body-limit-as-400',
    area: 'limits',
    proves: ['errors.docs-url-names-code', 'errors.status-413', 'errors.body-too-large', 'limits.body-over-1mb'],
    description: 'A body over 1 MB answers 400 bad_json instead of 413 body_too_large.',
    wrap: onErrorCode('body_too_large', (response, body) =>
      changed(response, { status: 400, body: { error: { ...body.error, code: 'bad_json' } } }),
    ),
  },
  {
    name: 'body-limit-at-512kb',
    area: 'limits',
    proves: ['limits.body-under-1mb-read'],
    description: 'The body limit is set at 512 KB instead of 1 MB: a body of 900 KB answers 413 body_too_large.',
    wrap: (next, state) => async (request, info) => {
      if (!['POST', 'PATCH', 'PUT'].includes(request.method)) return next(request, info);
      const bytes = new Uint8Array(await request.clone().arrayBuffer());
      return bytes.byteLength > 512 * 1024
        ? errorAnswer(state, request, 413, 'body_too_large', 'The request body is larger than 512 KB.')
        : next(request, info);
    },
  },
];
