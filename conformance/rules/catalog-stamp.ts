// Which catalog of rules a run was judged against, as its JSON report records it: how many rules,
// and a hash of their ids, sections and sentences, so that a comparison of two runs can say whether
// the catalog changed between them (rules added or removed, or a rule reworded).
import { createHash } from 'node:crypto';
import { loadCatalog } from './catalog.ts';

export type CatalogStamp = { rules: number; hash: string };

export function catalogStamp(): CatalogStamp {
  const rules = loadCatalog()
    .map(({ id, section, rule }) => `${id}\t${section}\t${rule}`)
    .sort();
  return { rules: rules.length, hash: `sha256:${createHash('sha256').update(rules.join('\n')).digest('hex').slice(0, 16)}` };
}
