// The oauth family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { authorizationCodeFlow } from './authorization-code-flow.ts';
import { codeSingleUse } from './code-single-use.ts';
import { errorFormat } from './error-format.ts';
import { invalidClient } from './invalid-client.ts';
import { invalidGrant } from './invalid-grant.ts';
import { pkce } from './pkce.ts';
import { refreshRotation } from './refresh-rotation.ts';
import { revokeUnknownToken } from './revoke-unknown-token.ts';
import { unsupportedGrantType } from './unsupported-grant-type.ts';

// The refresh check last: presenting a used refresh token uninstalls the app (spec 5.2).
export const oauthChecks: Check[] = [invalidClient, unsupportedGrantType, invalidGrant, revokeUnknownToken, authorizationCodeFlow, pkce, codeSingleUse, refreshRotation, errorFormat];
