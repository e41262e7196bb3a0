// Tag names (spec 2.5, 8): ends trimmed, inner runs of spaces folded to one, 1 to 32 characters,
// no commas, unique in the workspace ignoring case.
import { loadRuntimeDocument } from '../../spec/runtime-document.ts';
import { schemaLimit } from '../../spec/schema-enum.ts';

/** Spec 4.4: 1 to 32 characters, as the document's TagName declares. */
export const TAG_NAME_LENGTH = schemaLimit(loadRuntimeDocument('crm'), 'TagName', 'maxLength');

/** The name as the catalog and records keep it. Any run of white space folds: a tab or a new line inside a name is never meant. */
export function normalizeTagName(name: string): string {
  // Most names have no white space at all: tested first, they are not copied (a 1 MB body holds 80,000 names).
  return WHITE_SPACE.test(name) ? name.trim().replace(/\s+/g, ' ') : name;
}

const WHITE_SPACE = /\s/;

/** What is wrong with a normalized name, or null. Length counts characters (code points), as the document's maxLength does. */
export function tagNameProblem(name: string): string | null {
  const length = codePoints(name);
  if (length === 0) return 'a tag name cannot be empty';
  if (length > TAG_NAME_LENGTH) return `a tag name has at most ${TAG_NAME_LENGTH} characters`;
  if (name.includes(',')) return 'a tag name cannot contain commas';
  return null;
}

/** The key names are compared under: two names with the same key are the same tag. */
export function tagKey(name: string): string {
  return normalizeTagName(name).toLowerCase();
}

/** Normalized names with the same key given once, the first spelling kept, in the order sent. */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    // `tagKey` of a normalized name, without normalizing it again.
    const key = name.toLowerCase();
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** Code points without making an array of them: a 1 MB body of names is checked in one pass (issue 15). */
function codePoints(name: string): number {
  // A UTF-16 unit is at most one code point and a pair is one: only a text with pairs counts less.
  if (name.length <= TAG_NAME_LENGTH) return name.length;
  let count = 0;
  for (let i = 0; i < name.length; i += 1) {
    count += 1;
    const unit = name.charCodeAt(i);
    if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < name.length) i += 1;
  }
  return count;
}
