// PLACEHOLDER while the tags work lands (issue 4): the tag rules records share (spec 4.4).
import type { RecordContext } from '../records/record-context.ts';

/** The tags a record keeps when `requested` is sent and it had `current`. */
export async function tagsForRecord(_context: RecordContext, _current: readonly string[], requested: readonly string[]): Promise<string[]> {
  return [...requested];
}
