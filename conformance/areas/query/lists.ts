// The paged lists the paging checks walk (spec 9: paging on every list), and how the suite adds
// a record to each (named with the run id, deleted at the end).
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { RECORD_OPERATIONS, type RecordCollection } from '../../kits/record-operations.ts';

export type PagedList = {
  name: RecordCollection;
  /** The list's operation. */
  list: 'listLeads' | 'listContacts' | 'listCompanies' | 'listProducts' | 'listTasks';
  body(context: CheckContext): Promise<Record<string, unknown>>;
};

const named = (context: CheckContext) => `conformance ${context.runId}`;

export const PAGED_LISTS: PagedList[] = [
  { name: 'leads', list: 'listLeads', body: async (context) => ({ name: named(context) }) },
  { name: 'contacts', list: 'listContacts', body: async (context) => ({ name: named(context) }) },
  { name: 'companies', list: 'listCompanies', body: async (context) => ({ name: named(context) }) },
  { name: 'products', list: 'listProducts', body: async (context) => ({ name: named(context) }) },
  {
    name: 'tasks',
    list: 'listTasks',
    body: async (context) => ({ title: named(context), assignee_id: await myMemberId(context) }),
  },
];

const memberIds = new WeakMap<object, Promise<string>>();

/** The member the key acts for (tasks need an assignee with an API key, spec 4.10), once per run. */
function myMemberId(context: CheckContext): Promise<string> {
  let memberId = memberIds.get(context.client);
  if (!memberId) {
    memberId = context.client.call('listMembers').then((answer) => {
      const members: { id: string; is_me: boolean }[] = answer.json?.data ?? [];
      return (
        (members.find((member) => member.is_me) ?? members[0])?.id ??
        context.fail('GET /v1/members lists no member to assign tasks to', answer)
      );
    });
    memberIds.set(context.client, memberId);
  }
  return memberId;
}

/** Adds a record to the list; it is deleted when the run ends. */
export async function addRecord(context: CheckContext, list: PagedList): Promise<{ id: string }> {
  if (context.target.readOnly) context.skip('needs writes; the run is read-only');
  const created = await context.client.call(RECORD_OPERATIONS[list.name].create, { body: await list.body(context) });
  context.expectStatus(created, 201);
  context.cleanup(() => context.client.call(RECORD_OPERATIONS[list.name].remove, { path: { id: created.json.id } }));
  return created.json;
}

/** Every id of the list, walking pages of 250. */
export async function allIds(context: CheckContext, list: PagedList): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Exchange = await context.client.call(list.list, { query: { limit: 250, ...(cursor ? { cursor } : {}) } });
    context.expectStatus(page, 200);
    ids.push(...page.json.data.map((record: { id: string }) => record.id));
    cursor = page.json.next_cursor;
  } while (cursor);
  return ids;
}
