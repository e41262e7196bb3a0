// Every check of the suite, one per file, by family.
import type { Check } from '../check.ts';
import { cardNumbers } from './forms/card-numbers.ts';
import { configuration } from './forms/configuration.ts';
import { consentAnswer } from './forms/consent-answer.ts';
import { consent } from './forms/consent.ts';
import { cors } from './forms/cors.ts';
import { honeypot } from './forms/honeypot.ts';
import { minMs } from './forms/min-ms.ts';
import { errorLanguage } from './forms/error-language.ts';
import { origins } from './forms/origins.ts';
import { paused } from './forms/paused.ts';
import { requestLimits } from './forms/request-limits.ts';
import { submission } from './forms/submission.ts';
import { token } from './forms/token.ts';
import { badJson } from './input/bad-json.ts';
import { bodyTooLarge } from './input/body-too-large.ts';
import { credentialsInUrl } from './input/credentials-in-url.ts';
import { credentials } from './input/credentials.ts';
import { idTypes } from './input/id-types.ts';
import { keyStates } from './input/key-states.ts';
import { missingScope } from './input/missing-scope.ts';
import { otherWorkspace } from './input/other-workspace.ts';
import { queryLimits } from './input/query-limits.ts';
import { tooLongEverywhere } from './input/too-long-everywhere.ts';
import { unknownFieldEverywhere } from './input/unknown-field-everywhere.ts';
import { wrongTypeEverywhere } from './input/wrong-type-everywhere.ts';
import { unknownField } from './input/unknown-field.ts';
import { validationFailed } from './input/validation-failed.ts';
import { authorizationCodeFlow } from './oauth/authorization-code-flow.ts';
import { codeSingleUse } from './oauth/code-single-use.ts';
import { errorFormat } from './oauth/error-format.ts';
import { invalidClient } from './oauth/invalid-client.ts';
import { invalidGrant } from './oauth/invalid-grant.ts';
import { pkce } from './oauth/pkce.ts';
import { refreshRotation } from './oauth/refresh-rotation.ts';
import { revokeUnknownToken } from './oauth/revoke-unknown-token.ts';
import { unsupportedGrantType } from './oauth/unsupported-grant-type.ts';
import { changedCursor } from './paging/changed-cursor.ts';
import { pageLimits } from './paging/limits.ts';
import { stableWalk } from './paging/stable-walk.ts';
import { bodySchema } from './responses/body-schema.ts';
import { contentType } from './responses/content-type.ts';
import { documentedStatus } from './responses/documented-status.ts';
import { errorEnvelope } from './responses/error-envelope.ts';
import { noServerError } from './responses/no-server-error.ts';
import { requestId } from './responses/request-id.ts';
import { duplicateLead } from './state/duplicate-lead.ts';
import { leadLimits } from './state/lead-limits.ts';
import { stageMoves } from './state/stage-moves.ts';
import { tagExists } from './state/tag-exists.ts';
import { tagRules } from './state/tag-rules.ts';
import { taskTransitions } from './state/task-transitions.ts';
import { trashAndRestore } from './state/trash-and-restore.ts';
import { useAfterDelete } from './state/use-after-delete.ts';

import { deliveryHeaders } from './webhooks/delivery-headers.ts';
import { planLimit } from './webhooks/plan-limit.ts';
import { replay } from './webhooks/replay.ts';
import { retryKeepsIds } from './webhooks/retry-keeps-ids.ts';
import { retrySchedule } from './webhooks/retry-schedule.ts';
import { rotateSecret } from './webhooks/rotate-secret.ts';
import { signature } from './webhooks/signature.ts';
import { timestamp } from './webhooks/timestamp.ts';
import { urlRules } from './webhooks/url-rules.ts';

export const ALL_CHECKS: Check[] = [
  unknownField, unknownFieldEverywhere, wrongTypeEverywhere, tooLongEverywhere, badJson, validationFailed, credentials, keyStates, credentialsInUrl, missingScope, bodyTooLarge, idTypes, otherWorkspace, queryLimits,
  pageLimits, stableWalk, changedCursor,
  trashAndRestore, stageMoves, taskTransitions, tagRules, tagExists, useAfterDelete, duplicateLead, leadLimits,
  deliveryHeaders, signature, timestamp, retryKeepsIds, replay, rotateSecret, urlRules, retrySchedule, planLimit,
  // The token check moves a mock's clock a day on; what follows makes its own fresh tokens and codes.
  configuration, cors, token, minMs, honeypot, consent, consentAnswer, cardNumbers, errorLanguage, requestLimits, origins, paused, submission,
  // The refresh check last: presenting a used refresh token uninstalls the app (spec 5.2).
  invalidClient, unsupportedGrantType, invalidGrant, revokeUnknownToken, authorizationCodeFlow, pkce, codeSingleUse, refreshRotation, errorFormat,
  documentedStatus, bodySchema, requestId, contentType, noServerError, errorEnvelope,
];
