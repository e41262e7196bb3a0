// The tag rules every record write shares (spec 2.3, 2.4, 4.4, 8): names normalized, the
// catalog's spelling kept, missing names added to the catalog (403 `tags_admins_only` when the
// caller may not; 422 past 200 tags), at most 10 per record, except that a record already over
// 10 from older data may drop tags but not add. Anything refused answers 422 under `tags`.
import type { RecordContext } from '../records/record-context.ts';
import { addToCatalog } from './tag-catalog.ts';
import { TAG_LIMITS } from './tag-limits.ts';
import { checkedNames, spelledAsCatalog, tagsInvalid } from './tag-list-input.ts';
import { tagKey } from './tag-name.ts';

const FIELD = 'tags';

/** The tags a record keeps when `requested` is sent and it had `current`. */
export async function tagsForRecord(context: RecordContext, current: readonly string[], requested: readonly string[]): Promise<string[]> {
  const checked = checkedNames(requested, FIELD);
  // More distinct names than the record has and than the limit: one at least is new. Refused
  // before any is looked up in the catalog (a 1 MB body holds 80,000 names).
  const surelyOver = checked.length > TAG_LIMITS.per_record && checked.length > current.length;
  const { names, missing } = surelyOver ? { names: checked, missing: [] } : spelledAsCatalog(context.tables, checked, current);
  if (surelyOver || overRecordLimit(current, names)) throw tagsInvalid(FIELD, `a record can have at most ${TAG_LIMITS.per_record} tags`);
  await addToCatalog(context, missing, () => tagsInvalid(FIELD, `the workspace already has ${TAG_LIMITS.per_workspace} tags`));
  return names;
}

/** More than 10 is refused unless nothing is added: the only way down for a record over the limit. */
export function overRecordLimit(current: readonly string[], next: readonly string[]): boolean {
  if (next.length <= TAG_LIMITS.per_record) return false;
  const had = new Set(current.map(tagKey));
  return next.some((name) => !had.has(tagKey(name)));
}
