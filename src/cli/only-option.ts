// `crmkit conformance --only FAMILY|CHECK`: what it names must be a family or a check id of the
// suite. A typo would otherwise select nothing, run nothing and exit 0, which reads as a pass.
import { FAMILIES } from '../../conformance/check.ts';
import { ALL_CHECKS } from '../../conformance/checks/index.ts';
import { didYouMean } from '../errors/close-names.ts';
import { UsageError } from './usage-error.ts';

/** The items of `--only` (comma-separated or repeated); a usage error naming the unknown ones and the families. */
export function onlyItems(given: readonly string[] | undefined): string[] | undefined {
  if (!given) return undefined;
  const items = given
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  const known = new Set<string>([...FAMILIES, ...ALL_CHECKS.map((check) => check.id)]);
  const unknown = items.filter((item) => !known.has(item));
  if (!unknown.length) return items;
  // Each unknown item with the close names, as a mistyped option gets them ("did you mean --port?").
  const named = unknown.map((item) => `${item}${closeHint(item, known)}`).join(', ');
  throw new UsageError(
    `--only: unknown ${unknown.length === 1 ? 'family or check' : 'families or checks'} ${named}; the families are ${FAMILIES.join(', ')} (a check is named by its id, e.g. ${ALL_CHECKS[0]?.id})`,
  );
}

function closeHint(item: string, known: Set<string>): string {
  const hint = didYouMean(item, known);
  return hint ? ` (${hint})` : '';
}
