// A body sent with another Content-Type than application/json answers 415 `unsupported_media_type`
// (RFC 9110 15.5.16), not crmkit's 400 `bad_json`: spec 2.1 asks for `Content-Type:
// application/json` without showing the answer to another media type, and 7.2 handles codes 7.3
// does not list by status. The document lists the 415 beside the 400 (UnsupportedMediaType).
import { onErrorCode } from '../faults/fault.ts';
import { reanswered } from './error-answer.ts';
import type { OtherReading } from './other-reading.ts';

const UNSUPPORTED = {
  en: 'The body must be sent as application/json.',
  ru: 'Тело запроса нужно отправлять как application/json.',
  uz: "So'rov tanasi application/json sifatida yuborilishi kerak.",
};

export const ERROR_MEDIA_TYPE: OtherReading[] = [
  {
    name: 'error-media-type',
    description: 'A body of another media type than application/json answers 415 unsupported_media_type.',
    leftOpenBy: '2.1: "Request bodies: one JSON object, Content-Type: application/json" (the answer to another media type is not shown)',
    readings: ['conventions.request-content-type'],
    wrap: onErrorCode('bad_json', (response, body, request) => {
      const type = request.headers.get('content-type');
      if (!type || /^application\/json\b/i.test(type) || !new URL(request.url).pathname.startsWith('/v1/')) return response;
      return reanswered(request, response, body, {
        status: 415,
        code: 'unsupported_media_type',
        texts: UNSUPPORTED,
        extras: { fields: undefined },
      });
    }),
  },
];
