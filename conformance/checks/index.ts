// Every check of the suite, one per file, by family.
import type { Check } from '../check.ts';
import { badJson } from './input/bad-json.ts';
import { bodyTooLarge } from './input/body-too-large.ts';
import { credentialsInUrl } from './input/credentials-in-url.ts';
import { credentials } from './input/credentials.ts';
import { idTypes } from './input/id-types.ts';
import { missingScope } from './input/missing-scope.ts';
import { otherWorkspace } from './input/other-workspace.ts';
import { unknownField } from './input/unknown-field.ts';
import { validationFailed } from './input/validation-failed.ts';
import { changedCursor } from './paging/changed-cursor.ts';
import { pageLimits } from './paging/limits.ts';
import { stableWalk } from './paging/stable-walk.ts';
import { bodySchema } from './responses/body-schema.ts';
import { contentType } from './responses/content-type.ts';
import { documentedStatus } from './responses/documented-status.ts';
import { errorEnvelope } from './responses/error-envelope.ts';
import { noServerError } from './responses/no-server-error.ts';
import { requestId } from './responses/request-id.ts';
import { stageMoves } from './state/stage-moves.ts';
import { trashAndRestore } from './state/trash-and-restore.ts';

export const ALL_CHECKS: Check[] = [
  unknownField, badJson, validationFailed, credentials, credentialsInUrl, missingScope, bodyTooLarge, idTypes, otherWorkspace,
  pageLimits, stableWalk, changedCursor,
  trashAndRestore, stageMoves,
  documentedStatus, bodySchema, requestId, contentType, noServerError, errorEnvelope,
];
