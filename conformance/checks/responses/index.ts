// The responses family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { bodySchema } from './body-schema.ts';
import { contentType } from './content-type.ts';
import { documentedStatus } from './documented-status.ts';
import { errorEnvelope } from './error-envelope.ts';
import { noServerError } from './no-server-error.ts';
import { requestId } from './request-id.ts';

export const responsesChecks: Check[] = [documentedStatus, bodySchema, requestId, contentType, noServerError, errorEnvelope];
