// Spec 4.2 "List leads": each filter (pipeline, stage, contact, company, owner with `me` and
// `unassigned`, status, q over name, contact and number), newest first or `sort=position`, and
// `summary {count, sum}` over every matching lead (none in the trash) on the first page only.
// Every list is scoped to the run's company (or the run's own words), so other leads of the
// workspace never matter.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { OperationParameters } from '../../operation-call.ts';
import { differs, idsOf } from '../../kits/lead-kit.ts';
import { listFixture, type ListFixture } from './list-fixture.ts';

export const leadListFilters: ActiveCheck = {
  kind: 'active',
  id: 'leads.list-filters',
  area: 'leads',
  title:
    'the lead list filters by pipeline, stage, contact, company, owner (me, unassigned), status and q (name, contact, number), sorts newest first or by position, and sums the first page',
  spec: '4.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const fixture = await listFixture(context);
    await judgeFilters(context, fixture);
    await judgeTextSearch(context, fixture);
    await judgeOrderAndSummary(context, fixture);
  },
};

type LeadQuery = NonNullable<OperationParameters<'listLeads'>['query']>;

async function list(context: CheckContext, query: LeadQuery) {
  const answer = await context.client.call('listLeads', { query });
  const { pathname, search } = new URL(answer.request.url);
  if (answer.status !== 200) context.fail(`GET ${pathname}${search} answered ${answer.status}`, answer);
  return answer;
}

/** The query as its messages quote it. */
const queryText = (query: LeadQuery) => new URLSearchParams(query as Record<string, string>).toString();

/** Each filter with the run's company: exactly the expected leads, in any order. */
async function judgeFilters(context: CheckContext, fixture: ListFixture): Promise<void> {
  const { a, b, c, d } = fixture.leads;
  const scoped = { company: fixture.company.id };
  const cases: [string, LeadQuery, any[]][] = [
    ['leads.filter-company', scoped, [a, b, c, d]],
    ['leads.filter-pipeline', { ...scoped, pipeline: fixture.first.id }, [a, b, c]],
    ['leads.filter-pipeline', { ...scoped, pipeline: fixture.second.id }, [d]],
    ['leads.filter-stage', { ...scoped, stage: fixture.open[0].id }, [a]],
    ['leads.filter-contact', { contact: fixture.contact.id }, [a, d]],
    ['leads.filter-owner-id', { ...scoped, owner: fixture.other.id }, [a]],
    ['leads.filter-owner-unassigned', { ...scoped, owner: 'unassigned' }, [c, d]],
    ['leads.filter-status-open', { ...scoped, status: 'open' }, [a, b, d]],
    ['leads.filter-status-closed', { ...scoped, status: 'closed' }, [c]],
    ['leads.filter-status-all', { ...scoped, status: 'all' }, [a, b, c, d]],
    ['leads.filter-status-all', scoped, [a, b, c, d]],
  ];
  if (fixture.isMe) cases.push(['leads.filter-owner-me', { ...scoped, owner: 'me' }, [b]]);
  else context.skipRule('leads.filter-owner-me', 'no member is is_me: the key acts for no member (spec 2.7), so owner=me names none');
  for (const [rule, query, expected] of cases) {
    const answer = await list(context, { ...query, limit: 250 });
    context.judge(rule, differs(`the leads of ?${queryText(query)}`, numbers(answer.json.data).sort(), numbers(expected).sort()), answer);
  }
}

/** `q` finds by a word of the name, of the main contact's name, and by the lead's number. */
async function judgeTextSearch(context: CheckContext, fixture: ListFixture): Promise<void> {
  const { a, b, d } = fixture.leads;
  const byName = await list(context, { q: `${fixture.word}bravo`, limit: 250 });
  context.judge('leads.q-name', differs('the leads found by a word of a name', numbers(byName.json.data), [b.number]), byName);
  const byContact = await list(context, { q: `${fixture.word}contact`, limit: 250 });
  context.judge(
    'leads.q-contact',
    differs('the leads found by a word of their contact', numbers(byContact.json.data).sort(), numbers([a, d]).sort()),
    byContact,
  );
  const byNumber = await list(context, { q: String(b.number), company: fixture.company.id, limit: 250 });
  context.judge('leads.q-number', idsOf(byNumber).includes(b.id) ? undefined : `q=${b.number} does not find lead #${b.number}`, byNumber);
}

/** Newest first, board order, and the first page's summary over every match. */
async function judgeOrderAndSummary(context: CheckContext, fixture: ListFixture): Promise<void> {
  const { a, b, c, d } = fixture.leads;
  const scoped = { company: fixture.company.id };
  const newest = await list(context, { ...scoped, limit: 250 });
  context.judge(
    'leads.list-envelope',
    Array.isArray(newest.json.data) && 'next_cursor' in newest.json && newest.json.summary
      ? undefined
      : 'the answer lacks data, next_cursor or summary',
    newest,
  );
  context.judge(
    'leads.sort-newest-first',
    differs(
      'the order without sort',
      idsOf(newest),
      [d, c, b, a].map((lead) => lead.id),
    ),
    newest,
  );
  const board = await list(context, { ...scoped, sort: 'position', limit: 250 });
  const order = differs(
    'the order of sort=position',
    idsOf(board),
    [b, c, a, d].map((lead) => lead.id),
  );
  context.judge('leads.sort-position', order, board);
  context.judge('leads.position-number', order, board);
  // A lead in the trash has left the list (spec 2.1): it matches no filter, so the summary leaves it out.
  const trashed = await context.createLead({ name: `conformance ${fixture.word}trashed`, company_id: fixture.company.id, amount: 1600 });
  context.expectStatus(await context.client.call('deleteLead', { path: { id: trashed.id } }), 200);
  const first = await list(context, { ...scoped, limit: 1 });
  context.judge(
    'leads.summary',
    differs('summary of a first page of 1 (a fifth lead of 1600 in the trash)', first.json.summary, { count: 4, sum: 1500 }),
    first,
  );
  if (!first.json.next_cursor) context.fail('a first page of 1 of 4 leads has no next_cursor', first, 'leads.summary-first-page-only');
  const next = await list(context, { ...scoped, limit: 1, cursor: first.json.next_cursor });
  context.judge(
    'leads.summary-first-page-only',
    next.json.summary === undefined ? undefined : `a page read with a cursor carries summary ${JSON.stringify(next.json.summary)}`,
    next,
  );
}

function numbers(leads: { number: number }[]): number[] {
  return leads.map((lead) => lead.number);
}
