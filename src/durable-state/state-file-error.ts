// A state file (or its journal) that cannot be used: one line naming the file and what is wrong,
// never its contents (they hold API keys and secrets). `crmkit mock` prints it and exits with 1.
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/** Where JSON.parse stopped, without the text around it that its own message quotes. */
export function jsonProblem(error: unknown, text: string): string {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (/Unexpected end of JSON input|Unterminated/.test(error instanceof Error ? error.message : '') || position === String(text.length)) {
    return `it ends before its JSON does (${text.length} bytes: cut short?)`;
  }
  return position === undefined ? 'it is not valid JSON' : `it is not valid JSON (at byte ${position})`;
}
