// A body that is not JSON at all answers 400 `malformed_json`, not crmkit's `bad_json`: spec 7.3
// gives `bad_json` to a "value of the wrong type" (a body that parses), and 7.2 names only the
// status for "malformed: bad JSON". A body that parses but holds a value of the wrong type still
// answers `bad_json`, as 2.1 and 7.3 say.
import { onErrorCode } from '../faults/fault.ts';
import { reanswered } from './error-answer.ts';
import type { OtherReading } from './other-reading.ts';

const MALFORMED_JSON = {
  en: 'The body is not JSON.',
  ru: 'Тело запроса не является JSON.',
  uz: "So'rov tanasi JSON emas.",
};

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const ERROR_UNPARSABLE_BODY: OtherReading[] = [
  {
    name: 'error-unparsable-body',
    description: 'A body that is not JSON at all answers 400 malformed_json; bad_json stays for a value of the wrong type.',
    leftOpenBy: '7.3 names bad_json for "value of the wrong type"; 7.2 gives malformed JSON 400 and no code.',
    readings: ['errors.bad-json-malformed'],
    wrap: onErrorCode('bad_json', async (response, body, request) => {
      const text = await request.text();
      if (text.trim() === '' || parses(text)) return response;
      return reanswered(request, response, body, { code: 'malformed_json', texts: MALFORMED_JSON, extras: { fields: undefined } });
    }),
  },
];
