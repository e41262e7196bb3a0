// Spec 4.13: lists have no total except the query endpoint and the first-page lead `summary`, and
// paging holds on every list, the lists under a lead (its contacts and product lines) too: pages
// of `limit`, the next by `cursor`, the last with `next_cursor` null.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { addRecord, PAGED_LISTS } from './lists.ts';

/** Keys a total would go under. */
const TOTAL_KEYS = ['total', 'count', 'total_count', 'totalCount', 'total_estimated'];

export const noTotals: ActiveCheck = {
  kind: 'active',
  id: 'query.no-totals',
  area: 'query',
  title: "lists carry no total, and a lead's contacts and product lines page by limit and cursor to a null next_cursor",
  spec: '4.13',
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead();
    for (const list of PAGED_LISTS) {
      const page = await context.client.call(list.list, { query: { limit: 2 } });
      context.expectStatus(page, 200);
      const totals = TOTAL_KEYS.filter((key) => key in page.json);
      context.judge('query.no-totals', totals.length ? `${list.name} answers ${totals.join(', ')}` : undefined, page);
    }
    const contacts = PAGED_LISTS.find((list) => list.name === 'contacts')!;
    const products = PAGED_LISTS.find((list) => list.name === 'products')!;
    for (let i = 0; i < 3; i++) {
      const contact = await addRecord(context, contacts);
      context.expectStatus(await context.client.call('addLeadContact', { path: { id: lead.id }, body: { contact_id: contact.id } }), 201);
      const product = await addRecord(context, products);
      context.expectStatus(
        await context.client.call('addLeadProduct', { path: { id: lead.id }, body: { product_id: product.id, quantity: 1 } }),
        201,
      );
    }
    await judgeSubList(context, 'listLeadContacts', lead.id);
    await judgeSubList(context, 'listLeadProducts', lead.id);
  },
};

/** Three records in pages of 2: 2 and a cursor, then 1 and null; no total on either. */
async function judgeSubList(context: CheckContext, list: 'listLeadContacts' | 'listLeadProducts', leadId: string): Promise<void> {
  const first = await context.client.call(list, { path: { id: leadId }, query: { limit: 2 } });
  context.expectStatus(first, 200);
  const path = new URL(first.request.url).pathname;
  const cursor = first.json.next_cursor;
  if (first.json.data?.length !== 2 || typeof cursor !== 'string' || !cursor) {
    return context.judge(
      'query.sub-lists-paged',
      `${path}?limit=2 of 3 answered ${first.json.data?.length} records and next_cursor ${JSON.stringify(cursor)}`,
      first,
    );
  }
  const second = await context.client.call(list, { path: { id: leadId }, query: { limit: 2, cursor } });
  context.expectStatus(second, 200);
  const seen = new Set([...first.json.data, ...second.json.data].map((record: { id: string }) => record.id));
  const problem =
    second.json.data.length !== 1 || seen.size !== 3
      ? `the pages showed ${seen.size} distinct of 3`
      : second.json.next_cursor !== null
        ? `the last page's next_cursor is ${JSON.stringify(second.json.next_cursor)}`
        : undefined;
  context.judge('query.sub-lists-paged', problem, second);
  const totals = TOTAL_KEYS.filter((key) => key in first.json);
  context.judge('query.no-totals', totals.length ? `${path} answers ${totals.join(', ')}` : undefined, first);
}
