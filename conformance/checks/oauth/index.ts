// The oauth family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { authorizationCodeFlow } from './authorization-code-flow.ts';
import { authorizeErrors } from './authorize-errors.ts';
import { clientAuthentication } from './client-authentication.ts';
import { codeSingleUse } from './code-single-use.ts';
import { consent } from './consent.ts';
import { consentSession } from './consent-session.ts';
import { errorFormat } from './error-format.ts';
import { expiries } from './expiries.ts';
import { invalidClient } from './invalid-client.ts';
import { invalidGrant } from './invalid-grant.ts';
import { pkce } from './pkce.ts';
import { redirectUriRules } from './redirect-uri-rules.ts';
import { refreshRotation } from './refresh-rotation.ts';
import { refreshScope } from './refresh-scope.ts';
import { revokeCascade } from './revoke-cascade.ts';
import { revokeUnknownToken } from './revoke-unknown-token.ts';
import { secretRotation } from './secret-rotation.ts';
import { unsupportedGrantType } from './unsupported-grant-type.ts';

// The clock moves (consent 15 minutes, expiries 60 days, secret rotation a day) come after the
// checks that do not move it; each check makes its own fresh codes and tokens. The refresh check
// last: presenting a used refresh token uninstalls the app (spec 5.2).
export const oauthChecks: Check[] = [
  invalidClient,
  unsupportedGrantType,
  invalidGrant,
  revokeUnknownToken,
  authorizeErrors,
  redirectUriRules,
  authorizationCodeFlow,
  clientAuthentication,
  pkce,
  codeSingleUse,
  revokeCascade,
  refreshScope,
  consent,
  consentSession,
  expiries,
  secretRotation,
  refreshRotation,
  errorFormat,
];
