// Tags that arrive with a website form submission or an import (spec 4.4): these never fail
// because of tags. A name the catalog cannot take (invalid, or past 200 tags) is left out, as are
// names past the 10 a record may have. The system adds them, so `admins_only_create` does not apply.
import { TAG_LIMITS } from './tag-limits.ts';
import { insertTag, type CatalogWriter } from './tag-catalog.ts';
import { distinctNames, normalizeTagName, tagNameProblem } from './tag-name.ts';
import { spelledAsCatalog } from './tag-list-input.ts';

export async function tagsForSubmission(writer: CatalogWriter, requested: readonly string[]): Promise<string[]> {
  const valid = distinctNames(requested.map(normalizeTagName).filter((name) => tagNameProblem(name) === null));
  const { names, missing } = spelledAsCatalog(writer.tables, valid.slice(0, TAG_LIMITS.per_record));
  const room = TAG_LIMITS.per_workspace - writer.tables.tags.size;
  const refused = new Set(missing.slice(Math.max(room, 0)));
  for (const name of missing.filter((name) => !refused.has(name))) await insertTag(writer, name);
  return names.filter((name) => !refused.has(name));
}
