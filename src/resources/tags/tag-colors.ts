// The palette of spec 2.5, read from the document's TagColor enum, and the automatic color a
// tag gets when the caller does not (or may not) choose one.
import { loadRuntimeDocument } from '../../spec/runtime-document.ts';
import { schemaEnum } from '../../spec/schema-enum.ts';
import type { TagColor } from './tag-record.ts';
import { tagKey } from './tag-name.ts';

export const TAG_COLORS = schemaEnum<TagColor>(loadRuntimeDocument('crm'), 'TagColor');

/** Chosen from the name, so the same name gets the same color in every workspace and on every run. */
export function automaticColor(name: string): TagColor {
  let hash = 0;
  for (const character of tagKey(name)) hash = (hash * 31 + character.codePointAt(0)!) >>> 0;
  return TAG_COLORS[hash % TAG_COLORS.length]!;
}
