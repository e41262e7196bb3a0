// A mistake in how a command was called (an unknown option, a missing value, a target that cannot
// be reached): the command line prints its one-line message and exits 2, without a stack trace.
import { TargetError } from '../../harness/target-error.ts';

export class UsageError extends Error {}

/** node:util parseArgs' own errors (unknown option, option without its value) and a target that cannot be used are usage errors too. */
export function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError || error instanceof TargetError) return true;
  const code = (error as { code?: string } | undefined)?.code ?? '';
  return code.startsWith('ERR_PARSE_ARGS_');
}
