// A changed cursor answers 422 `validation_failed` under `cursor`, not crmkit's 400
// `invalid_cursor`: spec 4.13 says "a changed cursor answers invalid_cursor or validation_failed".
import { onErrorCode } from '../faults/fault.ts';
import { reanswered, textsOf } from './error-answer.ts';
import type { OtherReading } from './other-reading.ts';

export const ERROR_CHANGED_CURSOR: OtherReading[] = [
  {
    name: 'error-changed-cursor',
    description: 'A changed cursor answers 422 validation_failed with fields.cursor instead of 400 invalid_cursor.',
    leftOpenBy: '4.13: "A changed cursor answers invalid_cursor or validation_failed."',
    wrap: onErrorCode('invalid_cursor', (response, body, request) => {
      const fields = { cursor: 'is not a cursor this list gave' };
      const code = 'validation_failed';
      return reanswered(request, response, body, { status: 422, code, texts: textsOf(code), extras: { fields } });
    }),
  },
];
