// What a grant at the token endpoint comes to. A refusal may have changed state that must stay
// (a reused code revokes its tokens, a reused refresh token uninstalls the app), so it is returned
// from the workspace's transaction, which commits, and thrown only after it.
import type { ApiError } from '../errors/api-error.ts';
import type { TokenAnswer } from './issue-tokens.ts';

export type GrantOutcome = { tokens: TokenAnswer } | { refused: ApiError };
