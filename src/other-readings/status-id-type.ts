// An id of the wrong type in a path answers 404 `not_found`, not crmkit's 400
// `invalid_id_type`: spec 2.2 says it "answers 404 not_found or 400 invalid_id_type". An id of the
// wrong type in a query or a body (the timeline's entity_id) is no path and keeps its answer.
import { crmRouter } from './crm-router.ts';
import { onErrorCode } from '../faults/fault.ts';
import { reanswered, textsOf } from './error-answer.ts';
import type { OtherReading } from './other-reading.ts';

const ID_SHAPE = /^[a-z]+_[0-9a-z]{26}$/;

export const STATUS_ID_TYPE: OtherReading[] = [
  {
    name: 'status-id-type',
    description: 'An id of the wrong type in a path answers 404 not_found instead of 400 invalid_id_type.',
    leftOpenBy: '2.2: "An id of the wrong type in a path answers 404 not_found or 400 invalid_id_type."',
    wrap: (next, state) => {
      const router = crmRouter(state);
      const idInPath = (request: Request) => {
        const match = router.match(request.method, new URL(request.url).pathname);
        return match.kind === 'found' && Object.values(match.params).some((value) => ID_SHAPE.test(value));
      };
      return onErrorCode('invalid_id_type', (response, body, request) => {
        if (!idInPath(request)) return response;
        return reanswered(request, response, body, { status: 404, code: 'not_found', texts: textsOf('not_found') });
      })(next);
    },
  },
];
