// Spec 4.8 against a deployment (issue 22 item 4): the list's filters, `q` and order judged on the
// conversations the workspace already holds, by reads only (no client can be made to write in
// there, and a send would reach a real client). A filter keeps only what it names, judged on the
// fields each listed conversation shows in the same answer, so that a conversation changing
// meanwhile never counts; `q` with a listed conversation's name, handle, phone or last message
// finds it (judged when the answer fits one page); the default order is by last_message_at,
// latest first, within a page. Paging is left out: on a live list pages shift (spec 4.8).
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';

type Shown = {
  id: string;
  status: string;
  channel?: { id: string };
  lead_id: string | null;
  contact_id: string | null;
  unread_count: number;
  name: string;
  handle: string;
  phone: string;
  last_message_at: string | null;
  preview?: { text: string };
};

export async function judgeExistingConversations(context: CheckContext): Promise<void> {
  const all = await listed(context, 'status=all&limit=50');
  if (!all.data.length)
    context.skip('the workspace holds no conversation to judge the list by, and a deployment offers no way to start one');
  const sample = all.data[0]!;
  await keepsOnly(context, 'conversations.list-status-resolved', 'status=resolved', (c) => c.status === 'resolved');
  if (sample.channel?.id)
    await keepsOnly(
      context,
      'conversations.filter-channel',
      `channel=${sample.channel.id}&status=all`,
      (c) => c.channel?.id === sample.channel!.id,
    );
  const withLead = all.data.find((c) => c.lead_id !== null);
  if (withLead)
    await keepsOnly(
      context,
      'conversations.filter-lead',
      `lead=${withLead.lead_id}&status=all`,
      (c) => c.lead_id === withLead.lead_id,
      withLead.id,
    );
  const withContact = all.data.find((c) => c.contact_id !== null);
  if (withContact)
    await keepsOnly(
      context,
      'conversations.filter-contact',
      `contact=${withContact.contact_id}&status=all`,
      (c) => c.contact_id === withContact.contact_id,
      withContact.id,
    );
  await keepsOnly(context, 'conversations.filter-unread', 'unread=true&status=all', (c) => c.unread_count > 0);
  // Each text is searched for in the first conversation that shows one (a client may have no phone
  // or handle); a text long enough to make the URL too long for a server is not searched for.
  const found = async (rule: string, textOf: (conversation: Shown) => string | undefined) => {
    const holder = all.data.find((conversation) => textOf(conversation));
    const text = holder && textOf(holder);
    if (text && text.length <= 200) await keepsOnly(context, rule, `q=${encodeURIComponent(text)}&status=all`, () => true, holder.id);
  };
  await found('conversations.q-name', (c) => c.name);
  await found('conversations.q-handle', (c) => c.handle);
  await found('conversations.q-phone', (c) => c.phone);
  await found('conversations.q-last-message', (c) => c.preview?.text);
  const recent = await listed(context, 'status=all&limit=50');
  const times = recent.data.map((c) => (c.last_message_at === null ? -Infinity : Date.parse(c.last_message_at)));
  const outOfOrder = times.findIndex((time, index) => index > 0 && time > times[index - 1]!);
  context.judge(
    'conversations.sort-recent',
    outOfOrder > 0 &&
      `the list shows ${recent.data[outOfOrder]!.id} (last message ${recent.data[outOfOrder]!.last_message_at}) after ${recent.data[outOfOrder - 1]!.id} (${recent.data[outOfOrder - 1]!.last_message_at}): not latest first`,
    recent.exchange,
  );
}

async function listed(context: CheckContext, query: string): Promise<{ data: Shown[]; exchange: Exchange }> {
  // send, not call: the query is the check's text, percent-encoded as written and quoted in its messages (call would send a space as '+').
  const exchange = await context.client.send('GET', `/v1/conversations?${query}`);
  context.expectStatus(exchange, 200);
  return { data: exchange.json?.data ?? [], exchange };
}

/** Every conversation `query` lists holds `keeps`; `expected`, when given, is among them. */
async function keepsOnly(
  context: CheckContext,
  rule: string,
  query: string,
  keeps: (conversation: Shown) => boolean,
  expected?: string,
): Promise<void> {
  const { data, exchange } = await listed(context, `${query}&limit=50`);
  const stray = data.find((conversation) => !keeps(conversation));
  // Only a list that fits one page can be said to leave a conversation out.
  const missing = expected !== undefined && !exchange.json?.next_cursor && !data.some((conversation) => conversation.id === expected);
  context.judge(
    rule,
    stray ? `${query} lists ${stray.id}, which it does not name` : missing && `${query} does not list ${expected}, which it names`,
    exchange,
  );
}
