// The responses family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { bodySchema } from './body-schema.ts';
import { contentType } from './content-type.ts';
import { documentedStatus } from './documented-status.ts';
import { errorEnvelope } from './error-envelope.ts';
import { errorLanguage } from './error-language.ts';
import { noServerError } from './no-server-error.ts';
import { requestId } from './request-id.ts';
import { requestIdLength } from './request-id-length.ts';

export const responsesChecks: Check[] = [
  errorLanguage,
  requestIdLength,
  documentedStatus,
  bodySchema,
  requestId,
  contentType,
  noServerError,
  errorEnvelope,
];
