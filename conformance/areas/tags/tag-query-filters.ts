// Spec 4.4, 4.13: the tag filters of the query endpoint's text filter `q`: `tag:vip` (carries
// it), `-tag:spam` (does not), `tag:vip,hot` (any of them), `has:tag` (carries any tag). The
// leads are the run's own; filters that would match other people's leads are narrowed with the
// run id as a bare word (a word of `q` looks for that text in the name), and only the run's
// leads are judged.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { createRecord } from '../../kits/tag-kit.ts';

export const tagQueryFilters: ActiveCheck = {
  kind: 'active',
  id: 'tags.tag-query-filters',
  area: 'tags',
  title: 'the query endpoint finds leads by tag:, -tag:, tag:a,b and has:tag',
  spec: '4.4, 4.13',
  basis: 'documented',
  writes: true,
  async run(context) {
    const base = `cq${context.runId}`;
    const [vip, hot, spam] = [`${base}vip`, `${base}hot`, `${base}spam`];
    const leads = {
      vip: (await createRecord(context, 'leads', { tags: [vip] })).id as string,
      hot: (await createRecord(context, 'leads', { tags: [hot] })).id as string,
      vipSpam: (await createRecord(context, 'leads', { tags: [vip, spam] })).id as string,
      none: (await createRecord(context, 'leads', { tags: [] })).id as string,
    };
    const ours = new Set(Object.values(leads));
    const find = async (q: string) => {
      const answer = await context.client.call('runQuery', { path: { entity: 'leads' }, body: { q, limit: 250 } });
      context.expectStatus(answer, 200);
      return {
        answer,
        ids: (answer.json?.data ?? []).map((lead: { id: string }) => lead.id).filter((id: string) => ours.has(id)) as string[],
      };
    };
    await judge(context, 'tags.query-tag', `tag:${vip}`, await find(`tag:${vip}`), [leads.vip, leads.vipSpam]);
    await judge(
      context,
      'tags.query-not-tag',
      `${context.runId} tag:${vip} -tag:${spam}`,
      await find(`${context.runId} tag:${vip} -tag:${spam}`),
      [leads.vip],
    );
    await judge(context, 'tags.query-any-of', `tag:${vip},${hot}`, await find(`tag:${vip},${hot}`), [leads.vip, leads.hot, leads.vipSpam]);
    await judge(context, 'tags.query-has-tag', `${context.runId} has:tag`, await find(`${context.runId} has:tag`), [
      leads.vip,
      leads.hot,
      leads.vipSpam,
    ]);
  },
};

async function judge(
  context: CheckContext,
  rule: string,
  q: string,
  found: { answer: any; ids: string[] },
  expected: string[],
): Promise<void> {
  const same = found.ids.length === expected.length && expected.every((id) => found.ids.includes(id));
  context.judge(
    rule,
    !same &&
      `q "${q}" found ${found.ids.length} of the run's leads (${found.ids.join(', ')}), not the ${expected.length} expected (${expected.join(', ')})`,
    found.answer,
  );
}
