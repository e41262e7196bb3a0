// Conversations (spec 2.9, 3 "Conversation", 4.8): clients writing in on every channel type, one
// conversation per client per channel, what inbound does to a conversation, the list's filters,
// order and paging, the counts, and assign, resolve, reopen and snooze with their events.
import { describe, expect, it } from 'vitest';
import { ANSWER_TIME_MS } from '../../src/resources/conversations/conversation-activity.ts';
import { call } from '../support/mock-client.ts';
import { conversationFixture, HOUR, MINUTE, SECOND, START } from './conversation-fixture.ts';

const f = conversationFixture();
const CHANNEL_TYPES = ['telegram_bot', 'telegram_business', 'telegram_account', 'whatsapp', 'instagram', 'email', 'webchat', 'simulator'];

describe('a client writing in', () => {
  it.each(CHANNEL_TYPES)('on a %s channel starts a conversation over that channel', async (type) => {
    const { conversation_id, message_id } = await f.inbound(type, {
      text: 'Is the grey sofa still available?',
      name: 'Dilnoza',
      handle: 'dilnoza_k',
    });
    const conversation = await f.conversation(conversation_id);
    expect(conversation.channel).toEqual(f.channel(type));
    expect(conversation).toMatchObject({
      name: 'Dilnoza',
      handle: 'dilnoza_k',
      phone: '',
      status: 'open',
      assignee_id: null,
      do_not_contact: false,
    });
    const [message] = (await f.messages(conversation_id)).data;
    expect(message).toMatchObject({
      id: message_id,
      direction: 'in',
      author_type: 'client',
      author_id: null,
      status: 'received',
      text: 'Is the grey sofa still available?',
      external: false,
    });
  });

  it('moves last_message_at, last_inbound_at, unread_count, preview and sla_due_at', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@dilnoza_k', phone: '90 123 45 67' });
    const conversation = await f.conversation(conversation_id);
    expect(conversation).toMatchObject({
      phone: '+998901234567',
      last_message_at: START,
      last_inbound_at: START,
      last_outbound_at: null,
      unread_count: 1,
      preview: { text: 'Hello', direction: 'in' },
      sla_due_at: f.at(ANSWER_TIME_MS),
      created_at: START,
    });
  });

  it('a second inbound message from the same client joins the same conversation', async () => {
    const first = await f.inbound('whatsapp', { text: 'Hello', handle: '998901234567', name: 'Dilnoza' });
    await f.advance(MINUTE);
    const second = await f.inbound('whatsapp', { text: 'Are you there?', handle: '998901234567' });
    expect(second.conversation_id).toBe(first.conversation_id);
    const conversation = await f.conversation(first.conversation_id);
    expect(conversation).toMatchObject({
      name: 'Dilnoza',
      unread_count: 2,
      last_inbound_at: f.at(MINUTE),
      preview: { text: 'Are you there?', direction: 'in' },
    });
    expect((await f.messages(first.conversation_id)).data).toHaveLength(2);
  });

  it('the client waits since the first unanswered message: later ones keep sla_due_at', async () => {
    const { conversation_id } = await f.inbound('webchat', { text: 'Hello', name: 'Visitor 7' });
    await f.advance(5 * MINUTE);
    await f.inbound('webchat', { text: 'Anyone?', name: 'Visitor 7' });
    expect((await f.conversation(conversation_id)).sla_due_at).toBe(f.at(ANSWER_TIME_MS));
  });

  it('a client without handle is known by phone, and one with neither by name', async () => {
    const byPhone = await f.inbound('telegram_account', { text: 'a', phone: '+998901234567' });
    expect((await f.inbound('telegram_account', { text: 'b', phone: '8 90 123 45 67', name: 'Dilnoza' })).conversation_id).toBe(
      byPhone.conversation_id,
    );
    const byName = await f.inbound('simulator', { text: 'a', name: 'Test client' });
    expect((await f.inbound('simulator', { text: 'b', name: 'Test client' })).conversation_id).toBe(byName.conversation_id);
    expect((await f.inbound('simulator', { text: 'c', name: 'Other client' })).conversation_id).not.toBe(byName.conversation_id);
  });

  it('a handle sent later fills the conversation of that phone, and a new name replaces the old', async () => {
    const first = await f.inbound('instagram', { text: 'a', phone: '+998901234567', name: 'Dilnoza' });
    const second = await f.inbound('instagram', { text: 'b', phone: '+998901234567', handle: 'dilnoza.k', name: 'Dilnoza K.' });
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(await f.conversation(first.conversation_id)).toMatchObject({ handle: 'dilnoza.k', name: 'Dilnoza K.' });
    expect((await f.inbound('instagram', { text: 'c', handle: 'dilnoza.k' })).conversation_id).toBe(first.conversation_id);
  });

  it('another client, or the same client on another channel, has another conversation', async () => {
    const first = await f.inbound('telegram_bot', { text: 'a', handle: '@dilnoza_k' });
    const otherClient = await f.inbound('telegram_bot', { text: 'b', handle: '@rustam' });
    const otherChannel = await f.inbound('telegram_account', { text: 'c', handle: '@dilnoza_k' });
    expect(new Set([first.conversation_id, otherClient.conversation_id, otherChannel.conversation_id]).size).toBe(3);
  });

  it("links the live contact with the client's phone and that contact's newest open lead", async () => {
    const contact = await f.insertContact('+998901234567');
    await f.insertLead(contact.id);
    const newest = await f.insertLead(contact.id);
    await f.insertLead(contact.id, { closed_at: START });
    const { conversation_id } = await f.inbound('whatsapp', { text: 'Hello', phone: '+998 90 123 45 67' });
    expect(await f.conversation(conversation_id)).toMatchObject({ contact_id: contact.id, lead_id: newest.id });
  });

  it('on an email channel links the contact with the address the client writes from', async () => {
    const contact = await f.insertContact('+998935554433', 'dilnoza@example.com');
    const { conversation_id } = await f.inbound('email', { text: 'Hello', handle: 'Dilnoza@Example.com' });
    expect(await f.conversation(conversation_id)).toMatchObject({ contact_id: contact.id, lead_id: null });
  });

  it('a client no contact knows stays unlinked, and no contact is created', async () => {
    const { conversation_id } = await f.inbound('whatsapp', { text: 'Hello', phone: '+998901234567' });
    expect(await f.conversation(conversation_id)).toMatchObject({ contact_id: null, lead_id: null });
    expect(f.workspace().tables.contacts.size).toBe(0);
    expect(await f.events('contact.created')).toEqual([]);
  });

  it('on an unknown channel answers 404; a phone that is no number answers 422 under phone', async () => {
    const unknown = await f.control('POST', `/channels/ch_${'0'.repeat(26)}/inbound`, { text: 'Hello' });
    expect(unknown.status).toBe(404);
    const badPhone = await f.control('POST', `/channels/${f.channel('whatsapp').id}/inbound`, { text: 'Hello', phone: 'call me' });
    expect(badPhone.status).toBe(422);
    expect(badPhone.body.error.fields).toHaveProperty('phone');
  });

  it('into a resolved conversation opens it again, with conversation.status_changed', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    await f.api('POST', `/v1/conversations/${conversation_id}/resolve`);
    await f.inbound('telegram_bot', { text: 'One more thing', handle: '@a' });
    expect((await f.conversation(conversation_id)).status).toBe('open');
    const changes = (await f.events('conversation.status_changed')).map((event: any) => [
      event.data.object.from,
      event.data.object.to,
      event.actor.type,
    ]);
    expect(changes).toEqual([
      ['open', 'resolved', 'api_key'],
      ['resolved', 'open', 'system'],
    ]);
  });
});

describe('reading conversations', () => {
  it('an unknown conversation answers 404; the long prefix conv_ is accepted', async () => {
    expect((await f.api('GET', `/v1/conversations/cv_${'0'.repeat(26)}`)).status).toBe(404);
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    expect((await f.conversation(conversation_id.replace(/^cv_/, 'conv_'))).id).toBe(conversation_id);
  });

  it('a conversation of another workspace is not found', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    const otherKey = (await call(f.mock, 'POST', '/_mock/workspaces', { body: {} })).body.api_key;
    expect((await f.api('GET', `/v1/conversations/${conversation_id}`, undefined, otherKey)).status).toBe(404);
  });

  it('the default list holds open conversations and snoozed ones whose time is up, not resolved or still snoozed ones', async () => {
    const open = (await f.inbound('telegram_bot', { text: 'a', handle: '@open' })).conversation_id;
    const resolved = (await f.inbound('telegram_bot', { text: 'b', handle: '@resolved' })).conversation_id;
    const asleep = (await f.inbound('telegram_bot', { text: 'c', handle: '@asleep' })).conversation_id;
    const due = (await f.inbound('telegram_bot', { text: 'd', handle: '@due' })).conversation_id;
    await f.api('POST', `/v1/conversations/${resolved}/resolve`);
    await f.api('POST', `/v1/conversations/${asleep}/snooze`, { until: f.at(2 * HOUR) });
    await f.api('POST', `/v1/conversations/${due}/snooze`, { until: f.at(HOUR) });
    // The snooze's time is up, but its wake-up has not run (as after a snapshot was put back).
    const stored = f.workspace().tables.conversations;
    await stored.update(due, (draft) => void (draft.snoozed_until = new Date(f.nowMs() - SECOND).toISOString()));
    expect(new Set(await f.listedIds())).toEqual(new Set([open, due]));
    expect(new Set(await f.listedIds('?status=open'))).toEqual(new Set([open, due]));
    expect(await f.listedIds('?status=snoozed')).toEqual([asleep]);
    expect(await f.listedIds('?status=resolved')).toEqual([resolved]);
    expect(new Set(await f.listedIds('?status=all'))).toEqual(new Set([open, resolved, asleep, due]));
  });

  it('filters by channel, lead and contact', async () => {
    const contact = await f.insertContact('+998901234567');
    const lead = await f.insertLead(contact.id);
    const linked = (await f.inbound('whatsapp', { text: 'a', phone: '+998901234567' })).conversation_id;
    const other = (await f.inbound('telegram_bot', { text: 'b', handle: '@b' })).conversation_id;
    expect(await f.listedIds(`?channel=${f.channel('telegram_bot').id}`)).toEqual([other]);
    expect(await f.listedIds(`?channel=${f.channel('telegram_bot').id.replace(/^ch_/, 'channel_')}`)).toEqual([other]);
    expect(await f.listedIds(`?lead=${lead.id}`)).toEqual([linked]);
    expect(await f.listedIds(`?contact=${contact.id}`)).toEqual([linked]);
  });

  it('unassigned, needs_reply, waiting and unread keep only what they name when true', async () => {
    const answered = (await f.inbound('telegram_bot', { text: 'a', handle: '@answered' })).conversation_id;
    const assigned = (await f.inbound('telegram_bot', { text: 'b', handle: '@assigned' })).conversation_id;
    await f.advance(10 * MINUTE);
    const fresh = (await f.inbound('telegram_bot', { text: 'c', handle: '@fresh' })).conversation_id;
    await f.sent(answered);
    await f.api('POST', `/v1/conversations/${assigned}/assign`, { assignee_id: f.member('manager').id });
    await f.advance(6 * MINUTE); // `assigned` is past its answer time, `fresh` is not yet

    expect(new Set(await f.listedIds('?unassigned=true'))).toEqual(new Set([answered, fresh]));
    expect(new Set(await f.listedIds('?needs_reply=true'))).toEqual(new Set([assigned, fresh]));
    expect(await f.listedIds('?waiting=true')).toEqual([assigned]);
    expect(new Set(await f.listedIds('?unread=true'))).toEqual(new Set([assigned, fresh]));
    expect(await f.listedIds('?unassigned=false')).toHaveLength(3);
  });

  it("q finds the client's name, handle, phone and the last message, ignoring case", async () => {
    const dilnoza = (
      await f.inbound('whatsapp', { text: 'Is the grey sofa available?', name: 'Dilnoza Karimova', handle: 'dk', phone: '+998901234567' })
    ).conversation_id;
    const rustam = (await f.inbound('telegram_bot', { text: 'Delivery to Samarkand?', name: 'Rustam', handle: '@rustam_a' }))
      .conversation_id;
    expect(await f.listedIds('?q=karimova')).toEqual([dilnoza]);
    expect(await f.listedIds('?q=RUSTAM_A')).toEqual([rustam]);
    expect(await f.listedIds('?q=90%20123%2045')).toEqual([dilnoza]);
    expect(await f.listedIds('?q=samarkand')).toEqual([rustam]);
    expect(await f.listedIds('?q=nobody')).toEqual([]);
  });

  it('recent puts the latest activity first; sla puts the earliest answer time first, unanswered before answered', async () => {
    const a = (await f.inbound('telegram_bot', { text: 'a', handle: '@a' })).conversation_id;
    await f.advance(MINUTE);
    const b = (await f.inbound('telegram_bot', { text: 'b', handle: '@b' })).conversation_id;
    await f.advance(MINUTE);
    const c = (await f.inbound('telegram_bot', { text: 'c', handle: '@c' })).conversation_id;
    await f.advance(MINUTE);
    await f.sent(b);
    await f.advance(MINUTE);
    await f.inbound('telegram_bot', { text: 'a again', handle: '@a' });
    expect(await f.listedIds()).toEqual([a, b, c]);
    expect(await f.listedIds('?sort=recent')).toEqual([a, b, c]);
    expect(await f.listedIds('?sort=sla')).toEqual([a, c, b]);
  });

  it('pages with a cursor through every conversation once', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push((await f.inbound('telegram_bot', { text: `${index}`, handle: `@client${index}` })).conversation_id);
      await f.advance(SECOND);
    }
    const first = await f.list('?limit=2');
    const second = await f.list(`?limit=2&cursor=${first.next_cursor}`);
    const third = await f.list(`?limit=2&cursor=${second.next_cursor}`);
    expect([...first.data, ...second.data, ...third.data].map((conversation: any) => conversation.id)).toEqual(ids.reverse());
    expect(third.next_cursor).toBeNull();
    expect((await f.api('GET', `/v1/conversations?limit=2&sort=sla&cursor=${first.next_cursor}`)).body.error.code).toBe('invalid_cursor');
  });

  it('counts all, mine, unassigned, waiting and unread over the default list', async () => {
    const mine = (await f.inbound('telegram_bot', { text: 'a', handle: '@a' })).conversation_id;
    const theirs = (await f.inbound('telegram_bot', { text: 'b', handle: '@b' })).conversation_id;
    const answered = (await f.inbound('telegram_bot', { text: 'c', handle: '@c' })).conversation_id;
    const resolved = (await f.inbound('telegram_bot', { text: 'd', handle: '@d' })).conversation_id;
    await f.api('POST', `/v1/conversations/${mine}/assign`, { assignee_id: f.member('owner').id });
    await f.api('POST', `/v1/conversations/${theirs}/assign`, { assignee_id: f.member('manager').id });
    await f.sent(answered);
    await f.api('POST', `/v1/conversations/${resolved}/resolve`);
    await f.advance(ANSWER_TIME_MS);
    const counts = await f.api('GET', '/v1/conversations/counts');
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ all: 3, mine: 1, unassigned: 1, waiting: 2, unread: 2 });
  });

  it('a key with only messages:send cannot read conversations (missing_scope)', async () => {
    const key = await f.newKey(['messages:send']);
    const answer = await f.api('GET', '/v1/conversations', undefined, key);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'missing_scope', scope: 'messages:read' });
  });
});

describe('assign, resolve, reopen and snooze', () => {
  it('assign sets and clears the assignee, status unchanged, each with conversation.assigned', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    const manager = f.member('manager');
    const assigned = await f.api('POST', `/v1/conversations/${conversation_id}/assign`, {
      assignee_id: manager.id.replace(/^mb_/, 'member_'),
    });
    expect(assigned.body).toMatchObject({ assignee_id: manager.id, status: 'open' });
    const cleared = await f.api('POST', `/v1/conversations/${conversation_id}/assign`, { assignee_id: null });
    expect(cleared.body.assignee_id).toBeNull();
    const events = await f.events('conversation.assigned');
    expect(events.map((event: any) => event.data.object.assignee_id)).toEqual([manager.id, null]);
    expect(events[0].data.object).toMatchObject({
      id: conversation_id,
      object: 'conversation',
      channel: 'telegram_bot',
      channel_id: f.channel('telegram_bot').id,
    });
  });

  it('assign to someone who is no member answers validation_failed under assignee_id', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    const answer = await f.api('POST', `/v1/conversations/${conversation_id}/assign`, { assignee_id: `mb_${'0'.repeat(26)}` });
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields).toHaveProperty('assignee_id');
  });

  it('resolve and reopen move the status, each with conversation.status_changed from and to', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    const resolved = await f.api('POST', `/v1/conversations/${conversation_id}/resolve`);
    expect(resolved.body).toMatchObject({ status: 'resolved', sla_due_at: null });
    const reopened = await f.api('POST', `/v1/conversations/${conversation_id}/reopen`);
    expect(reopened.body.status).toBe('open');
    const events = await f.events('conversation.status_changed');
    expect(events.map((event: any) => [event.data.object.from, event.data.object.to, event.data.object.status])).toEqual([
      ['open', 'resolved', 'resolved'],
      ['resolved', 'open', 'open'],
    ]);
  });

  it('resolving a resolved conversation changes nothing and sends no second event', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    await f.api('POST', `/v1/conversations/${conversation_id}/resolve`);
    expect((await f.api('POST', `/v1/conversations/${conversation_id}/resolve`)).status).toBe(200);
    expect(await f.events('conversation.status_changed')).toHaveLength(1);
  });

  it('snooze sets snoozed_until, with conversation.status_changed', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    const answer = await f.api('POST', `/v1/conversations/${conversation_id}/snooze`, { until: '2026-11-22T15:00:00+05:00' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'snoozed', snoozed_until: '2026-11-22T10:00:00.000Z' });
    const [event] = await f.events('conversation.status_changed');
    expect(event.data.object).toMatchObject({ from: 'open', to: 'snoozed', snoozed_until: '2026-11-22T10:00:00.000Z' });
  });

  it('snooze until a past time or beyond 90 days answers validation_failed under until', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    // A leap second is a date-time the schema takes but no instant the mock can hold: refused, not a 500.
    for (const until of [f.at(-MINUTE), START, f.at(90 * 24 * HOUR + SECOND), '2026-12-31T23:59:60Z']) {
      const answer = await f.api('POST', `/v1/conversations/${conversation_id}/snooze`, { until });
      expect(answer.status, until).toBe(422);
      expect(answer.body.error.fields).toHaveProperty('until');
    }
    expect((await f.api('POST', `/v1/conversations/${conversation_id}/snooze`, { until: f.at(90 * 24 * HOUR) })).status).toBe(200);
    expect((await f.api('POST', `/v1/conversations/${conversation_id}/snooze`, { until: '2026-11-25T09:00:00' })).status).toBe(422); // no offset
  });

  it('a snoozed conversation is open again when the clock passes its time', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    await f.api('POST', `/v1/conversations/${conversation_id}/snooze`, { until: f.at(HOUR) });
    await f.advance(HOUR - SECOND);
    expect(await f.conversation(conversation_id)).toMatchObject({ status: 'snoozed' });
    expect(await f.listedIds()).toEqual([]);
    await f.advance(SECOND);
    expect(await f.conversation(conversation_id)).toMatchObject({ status: 'open', snoozed_until: null });
    expect(await f.listedIds()).toEqual([conversation_id]);
    const last = (await f.events('conversation.status_changed')).at(-1);
    expect(last).toMatchObject({ actor: { type: 'system' }, occurred_at: f.at(HOUR), data: { object: { from: 'snoozed', to: 'open' } } });
  });

  it('a conversation reopened before its snooze ends is not woken again later', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    await f.api('POST', `/v1/conversations/${conversation_id}/snooze`, { until: f.at(HOUR) });
    await f.api('POST', `/v1/conversations/${conversation_id}/resolve`);
    await f.advance(2 * HOUR);
    expect((await f.conversation(conversation_id)).status).toBe('resolved');
  });

  it('the manage routes need conversations:manage and messages:read', async () => {
    const { conversation_id } = await f.inbound('telegram_bot', { text: 'Hello', handle: '@a' });
    const withoutRead = await f.newKey(['conversations:manage']);
    const answer = await f.api('POST', `/v1/conversations/${conversation_id}/resolve`, undefined, withoutRead);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('missing_scope');
    const both = await f.newKey(['conversations:manage', 'messages:read']);
    expect((await f.api('POST', `/v1/conversations/${conversation_id}/resolve`, undefined, both)).status).toBe(200);
  });
});
