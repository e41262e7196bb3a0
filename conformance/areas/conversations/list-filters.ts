// Spec 4.8: the conversation list's filters (`channel`, `lead`, `contact`, `unassigned`, `waiting`,
// `needs_reply`, `unread`, `q` by name, handle, phone and last message), its orders (`recent` by
// activity, `sla` most urgent first: the catalog's readings) and its paging. Three clients of the
// check's own write in on two channels of its own, one linked to a contact and lead the check makes
// (the mock links a client to the contact with their phone), one answered and assigned; every
// judgement looks only at these three, so what else the workspace holds never counts. Clients
// writing in and the clock past the answer time need the mock: a deployment is judged on the
// conversations it holds, by reads only (existing-list.ts).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { judgeExistingConversations } from './existing-list.ts';
import {
  SENDS_REACH_CLIENTS,
  clientWritesIn,
  clockForward,
  mockOnly,
  myMemberId,
  newChannel,
  newClient,
  readConversation,
  type Client,
  withFrozenClock,
} from '../../kits/conversations-kit.ts';

type Cast = { p: string; q: string; r: string };

export const listFilters: ActiveCheck = {
  kind: 'active',
  id: 'conversations.list-filters',
  area: 'conversations',
  title:
    'the conversation list filters by channel, lead, contact, unassigned, waiting, needs_reply, unread and q, sorts by recent and sla, and pages',
  spec: '4.8',
  basis: 'documented',
  writes: true,
  async run(context) {
    // A deployment: its own conversations, by reads only (existing-list.ts).
    if (!context.target.mock) return judgeExistingConversations(context);
    mockOnly(context, SENDS_REACH_CLIENTS);
    await withFrozenClock(context, async () => {
      const label = `${context.runId}-filters`;
      const [webchat, instagram] = [await newChannel(context, 'webchat'), await newChannel(context, 'instagram')];
      const [clientP, clientQ, clientR] = [newClient(context, 'filters'), newClient(context, 'filters'), newClient(context, 'filters')];
      const { contactId, leadId } = await contactWithLead(context, clientP);
      const pText = `sofa ${label} grey`;
      const p = (await clientWritesIn(context, webchat.id, clientP, pText)).conversation_id;
      await clockForward(context, 1);
      const q = (await clientWritesIn(context, webchat.id, clientQ, 'Do you deliver?')).conversation_id;
      await clockForward(context, 1);
      context.expectStatus(await context.client.call('sendMessage', { path: { id: q }, body: { text: 'Yes, we do.' } }), 201);
      context.expectStatus(
        await context.client.call('assignConversation', { path: { id: q }, body: { assignee_id: await myMemberId(context) } }),
        200,
      );
      await clockForward(context, 1);
      const r = (await clientWritesIn(context, instagram.id, clientR, 'Price?')).conversation_id;
      await clockForward(context, 1);
      await clientWritesIn(context, instagram.id, clientR, 'Hello?');
      const cast = { p, q, r };
      const linked = await readConversation(context, p);
      // The link is the mock's simulation (control/channels.yaml), not a rule of the spec: without it the filters cannot be judged.
      if (linked.json.contact_id !== contactId || linked.json.lead_id !== leadId)
        context.fail(`the mock did not link the client to contact ${contactId} and lead ${leadId} by phone`, linked);

      const expect = filterExpectation(context, cast, label);
      await expect('conversations.filter-channel', `channel=${webchat.id}`, [p, q]);
      await expect('conversations.filter-lead', `lead=${leadId}`, [p]);
      await expect('conversations.filter-contact', `contact=${contactId}`, [p]);
      await expect('conversations.filter-unassigned', 'unassigned=true', [p, r]);
      await expect('conversations.filter-needs-reply', 'needs_reply=true', [p, r]);
      await expect('conversations.filter-unread', 'unread=true', [p, r]);
      await expect('conversations.filter-waiting', 'waiting=true', []);
      await expect('conversations.q-name', `q=${encodeURIComponent(clientP.name)}`, [p]);
      await expect('conversations.q-handle', `q=${encodeURIComponent(clientQ.handle)}`, [q]);
      await expect('conversations.q-phone', `q=${encodeURIComponent(clientR.phone)}`, [r]);
      await expect('conversations.q-last-message', `q=${encodeURIComponent(pText)}`, [p]);
      await judgeOrder(context, 'conversations.sort-recent', `q=${label}`, { r, q, p });
      await judgeOrder(context, 'conversations.sort-sla', `q=${label}&sort=sla`, { p, r, q });
      await judgePaging(context, { q: label }, [r, q, p]);
      await clockForward(context, 16 * 60);
      await expect('conversations.filter-waiting', 'waiting=true', [p, r]);
    });
  },
};

/** A contact with the client's phone and an open lead of theirs, deleted at the end. */
async function contactWithLead(context: CheckContext, client: Client): Promise<{ contactId: string; leadId: string }> {
  const contact = await context.client.call('createContact', { body: { name: client.name, phones: [client.phone] } });
  context.expectStatus(contact, 201);
  context.cleanup(() => context.client.call('deleteContact', { path: { id: contact.json.id } }));
  const lead = await context.createLead({ contact_id: contact.json.id });
  return { contactId: contact.json.id, leadId: lead.id };
}

/** Judges that a filter keeps exactly `kept` of the check's three conversations. */
function filterExpectation(context: CheckContext, cast: Cast, label: string) {
  const ours = Object.values(cast);
  const name = (id: string) =>
    Object.entries(cast)
      .find(([, value]) => value === id)?.[0]
      .toUpperCase() ?? id;
  return async (rule: string, query: string, kept: string[]) => {
    const { ids, exchange } = await listedText(context, `${query}&status=all&limit=250`);
    const shown = ours.filter((id) => ids.includes(id));
    const same = shown.length === kept.length && kept.every((id) => shown.includes(id));
    context.judge(
      rule,
      !same &&
        `${query} lists ${shown.map(name).join(', ') || 'none'} of the check's conversations P, Q, R (${label}), not ${kept.map(name).join(', ') || 'none'}`,
      exchange,
    );
  };
}

/** Judges the order of the check's conversations, given by name (P, Q, R) in the expected order. */
async function judgeOrder(context: CheckContext, rule: string, query: string, inOrder: Partial<Cast>): Promise<void> {
  const expected = Object.values(inOrder);
  const name = (id: string) =>
    Object.entries(inOrder)
      .find(([, value]) => value === id)?.[0]
      .toUpperCase();
  const { ids, exchange } = await listedText(context, `${query}&limit=250`);
  const shown = ids.filter((id) => expected.includes(id));
  context.judge(
    rule,
    shown.join() !== expected.join() &&
      `${query} lists the check's conversations as ${shown.map(name).join(', ')}, not ${expected.map(name).join(', ')}`,
    exchange,
  );
}

/** The ids a conversation list of `query` answers (one page), failing the check unless it answers 200. */
async function listedText(context: CheckContext, query: string): Promise<{ ids: string[]; exchange: Exchange }> {
  // send, not call: the query is the check's text, percent-encoded as written and quoted in its messages (call would send a space as '+').
  const exchange = await context.client.send('GET', `/v1/conversations?${query}`);
  context.expectStatus(exchange, 200);
  return { ids: (exchange.json?.data ?? []).map((conversation: { id: string }) => conversation.id), exchange };
}

/** Pages of one, walked by cursor, give the check's three conversations once each, in order. */
async function judgePaging(context: CheckContext, query: { q: string }, expected: string[]): Promise<void> {
  const walked: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 10; pages++) {
    const page: Exchange = await context.client.call('listConversations', { query: { ...query, limit: 1, ...(cursor ? { cursor } : {}) } });
    if (page.status !== 200 || (page.json?.data?.length ?? 0) > 1)
      return context.judge(
        'conversations.list-paging',
        `a page of limit=1 answered ${page.status} with ${page.json?.data?.length} conversations`,
        page,
      );
    walked.push(...page.json.data.map((conversation: { id: string }) => conversation.id));
    cursor = page.json.next_cursor ?? null;
    if (!cursor) break;
  }
  const ours = walked.filter((id) => expected.includes(id));
  context.judge(
    'conversations.list-paging',
    ours.join() !== expected.join() && `walking pages of one gave ${ours.join(', ')}, not ${expected.join(', ')}`,
  );
}
