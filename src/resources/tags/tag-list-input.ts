// A list of tag names as a request sends it, made ready for the catalog: each name normalized and
// checked (spec 2.5), the same name given once, and each spelled as the catalog spells it.
import { ApiError } from '../../errors/api-error.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import { catalogTag } from './tag-catalog.ts';
import { distinctNames, normalizeTagName, tagKey, tagNameProblem } from './tag-name.ts';

/** The names normalized and distinct ignoring case; 422 `validation_failed` under `field` for a bad one. */
export function checkedNames(requested: readonly string[], field: string): string[] {
  const names = requested.map((sent) => {
    const name = normalizeTagName(sent);
    const problem = tagNameProblem(name);
    if (problem) throw tagsInvalid(field, problem);
    return name;
  });
  return distinctNames(names);
}

export type SpelledNames = { names: string[]; missing: string[] };

/**
 * Each name as the catalog spells it. `missing` are those the catalog lacks; a name the record
 * already carries (`kept`, from older data) stays as it is without entering the catalog.
 */
export function spelledAsCatalog(tables: WorkspaceTables, names: readonly string[], kept: readonly string[] = []): SpelledNames {
  const keptByKey = new Map(kept.map((name) => [tagKey(name), name]));
  const missing: string[] = [];
  const spelled = names.map((name) => {
    const known = catalogTag(tables, name)?.name ?? keptByKey.get(tagKey(name));
    if (known === undefined) missing.push(name);
    return known ?? name;
  });
  return { names: spelled, missing };
}

export function tagsInvalid(field: string, message: string): ApiError {
  return new ApiError('validation_failed', { fields: { [field]: message } });
}
