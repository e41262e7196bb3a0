// A mistake in how a command was called (an unknown option, a missing value, a target that cannot
// be reached): the command line prints its one-line message and exits 2, without a stack trace.
export class UsageError extends Error {}

/** node:util parseArgs' own errors (unknown option, option without its value) are usage errors too. */
export function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError) return true;
  const code = (error as { code?: string } | undefined)?.code ?? '';
  return code.startsWith('ERR_PARSE_ARGS_');
}

/** A number option's value, or a usage error naming the option. */
export function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw new UsageError(`--${name} takes a number, not ${JSON.stringify(value)}`);
  return number;
}
