// `crmkit conformance --only AREA|CHECK`: what it names must be a spec area or a check id of the
// suite. A typo would otherwise select nothing, run nothing and exit 0, which reads as a pass.
import { ALL_CHECKS } from '../../conformance/areas/index.ts';
import { AREAS } from '../spec/areas.ts';
import { didYouMean } from '../errors/close-names.ts';
import { UsageError } from './usage-error.ts';

/**
 * The suite's families before its checks moved to the spec's areas (issue 23), with the areas their
 * checks went to: a script that still says `--only state` is told where to look, not only refused.
 */
const FORMER_FAMILIES: Record<string, string> = {
  input: 'conventions, auth, errors, limits and query',
  paging: 'query',
  state: 'tags, tasks, notes, leads and conventions',
  records: 'contacts, fields, members and products',
  responses: 'conventions, errors and limits',
};

/** The items of `--only` (comma-separated or repeated); a usage error naming the unknown ones and the areas. */
export function onlyItems(given: readonly string[] | undefined): string[] | undefined {
  if (!given) return undefined;
  const items = given
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  const known = new Set<string>([...AREAS, ...ALL_CHECKS.map((check) => check.id)]);
  const unknown = items.filter((item) => !known.has(item));
  if (!unknown.length) return items;
  // Each unknown item with the close names, as a mistyped option gets them ("did you mean --port?").
  const named = unknown.map((item) => `${item}${hintOf(item, known)}`).join(', ');
  throw new UsageError(
    `--only: unknown ${unknown.length === 1 ? 'area or check' : 'areas or checks'} ${named}; the areas are ${AREAS.join(', ')} (a check is named by its id, e.g. ${ALL_CHECKS[0]?.id})`,
  );
}

function hintOf(item: string, known: Set<string>): string {
  const former = FORMER_FAMILIES[item];
  if (former) return ` (a family of earlier versions: its checks are now in ${former})`;
  const hint = didYouMean(item, known);
  return hint ? ` (${hint})` : '';
}
