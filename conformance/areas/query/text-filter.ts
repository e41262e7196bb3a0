// Spec 4.13: a text filter `q` in place of `query`, and the answer's `q` echoing the filter as
// text. The grammar of `q` is not shown: the check sends one word that only the check's lead
// names hold (crmkit's reading: a bare word looks in the name), and sends an echoed `q` back,
// expecting the same records (both rules carry readings in the catalog).
import type { ActiveCheck } from '../../check.ts';
import { differs } from '../../kits/lead-kit.ts';
import { matched, query, scope, scopedLeads } from './query-kit.ts';

export const queryTextFilter: ActiveCheck = {
  kind: 'active',
  id: 'query.text-filter',
  area: 'query',
  title:
    'a text filter q finds the records whose name holds its word, every answer echoes the filter as q, and the echo sent back finds the same records',
  spec: '4.13',
  basis: 'documented',
  writes: true,
  async run(context) {
    const scoped = await scopedLeads(context, 'qt', [
      { name: 'one', amount: 100 },
      { name: 'two', amount: 900 },
    ]);
    const ids = scoped.leads.map((lead) => lead.id).sort();
    const byText = await query(context, { q: scoped.word, limit: 250 });
    context.judge('query.text-filter', differs('the records found by q', matched(byText), ids), byText);
    const grouped = await query(context, { query: { op: 'and', conditions: [scope(scoped), { field: 'amount', op: 'gt', value: 500 }] } });
    const echoes = [byText, grouped].map((answer) => answer.json?.q);
    context.judge(
      'query.q-echo',
      echoes.every((echo) => typeof echo === 'string' && echo.trim() !== '') ? undefined : `the answers echo q ${JSON.stringify(echoes)}`,
      grouped,
    );
    if (typeof grouped.json?.q !== 'string' || !grouped.json.q.trim()) return;
    const again = await query(context, { q: grouped.json.q, limit: 250 });
    context.judge(
      'query.q-echo-reusable',
      differs(`the records found by the echo ${JSON.stringify(grouped.json.q)}`, matched(again), matched(grouped)),
      again,
    );
  },
};
