// Messages (spec 2.10, 3 "Message (outgoing)", 4.8, 8, 9): the messages list, sending with its
// limits, `client_id` and opt-outs, the simulated channel walking each message on the workspace
// clock (sent 1 s, delivered 2 s, read 5 s after it was queued) or failing it by the channel's
// rules or the outcome set for it, retry, and edits, deletions and owner messages in the messenger.
import { describe, expect, it } from 'vitest';
import { BOT_NOT_ALLOWED, OUTSIDE_BUSINESS_WINDOW, OUTSIDE_WHATSAPP_WINDOW } from '../../src/resources/conversations/channel-rules.ts';
import { conversationFixture, HOUR, MINUTE, SECOND, START } from './conversation-fixture.ts';

const f = conversationFixture();

async function conversationOn(type: string, handle = '@client') {
  return (await f.inbound(type, { text: 'Hello', handle })).conversation_id;
}

const statusesOf = async (type: string) => (await f.events(type)).map((event: any) => event.data.object.status);

describe('the messages list', () => {
  it('runs newest first with cursor paging', async () => {
    const conversationId = await conversationOn('telegram_bot');
    const ids: string[] = (await f.messages(conversationId)).data.map((message: any) => message.id);
    for (const text of ['one', 'two', 'three']) {
      await f.advance(SECOND);
      ids.push((await f.sent(conversationId, { text })).id);
    }
    const first = await f.messages(conversationId, '?limit=3');
    const second = await f.messages(conversationId, `?limit=3&cursor=${first.next_cursor}`);
    expect([...first.data, ...second.data].map((message: any) => message.id)).toEqual(ids.reverse());
    expect(second.next_cursor).toBeNull();
  });

  it('of an unknown conversation answers 404', async () => {
    expect((await f.api('GET', `/v1/conversations/cv_${'0'.repeat(26)}/messages`)).status).toBe(404);
  });
});

describe('sending', () => {
  it("answers 201 with the message queued, written by the key's member, and the conversation shows the answer", async () => {
    const conversationId = await conversationOn('telegram_bot');
    await f.advance(MINUTE);
    const message = await f.sent(conversationId, { text: 'Yes, it is in stock.' });
    expect(message).toMatchObject({
      conversation_id: conversationId,
      direction: 'out',
      author_type: 'member',
      author_id: f.member('owner').id,
      text: 'Yes, it is in stock.',
      status: 'queued',
      error: null,
      client_id: null,
      external: false,
      created_at: f.at(MINUTE),
    });
    expect(await f.conversation(conversationId)).toMatchObject({
      last_outbound_at: f.at(MINUTE),
      last_message_at: f.at(MINUTE),
      last_inbound_at: START,
      unread_count: 0,
      sla_due_at: null,
      preview: { text: 'Yes, it is in stock.', direction: 'out' },
    });
    const [queued] = await f.events('message.queued');
    expect(queued).toMatchObject({
      actor: { type: 'api_key' },
      data: { object: { id: message.id, object: 'message', channel: 'telegram_bot', status: 'queued' } },
    });
  });

  it('takes up to 4096 characters of text; more answers validation_failed', async () => {
    const conversationId = await conversationOn('telegram_bot');
    expect((await f.send(conversationId, { text: 'я'.repeat(4096) })).status).toBe(201);
    const tooLong = await f.send(conversationId, { text: 'я'.repeat(4097) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.fields).toHaveProperty('text');
  });

  it('takes a client_id of up to 64 characters', async () => {
    const conversationId = await conversationOn('telegram_bot');
    expect((await f.send(conversationId, { text: 'a', client_id: 'x'.repeat(64) })).status).toBe(201);
    expect((await f.send(conversationId, { text: 'a', client_id: 'y'.repeat(65) })).status).toBe(422);
  });

  it('send with the same client_id returns the queued message, even sent twice at once', async () => {
    const conversationId = await conversationOn('telegram_bot');
    const body = { text: 'Your order is ready.', client_id: 'order-5521-ready' };
    const answers = await Promise.all([
      f.send(conversationId, body),
      f.send(conversationId, body),
      f.send(conversationId, { ...body, text: 'ignored' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.every((answer) => answer.body.text === 'Your order is ready.')).toBe(true);
    await f.advance(10 * SECOND);
    const again = await f.send(conversationId, body);
    expect(again).toMatchObject({ status: 200, body: { id: answers[0]!.body.id, status: 'read' } });
    expect((await f.messages(conversationId)).data.filter((message: any) => message.direction === 'out')).toHaveLength(1);
    expect(await f.events('message.queued')).toHaveLength(1);
  });

  it('the same client_id in another conversation sends another message', async () => {
    const first = await conversationOn('telegram_bot', '@a');
    const second = await conversationOn('telegram_bot', '@b');
    const one = await f.sent(first, { text: 'Hi', client_id: 'greeting' });
    const other = await f.sent(second, { text: 'Hi', client_id: 'greeting' });
    expect(other.id).not.toBe(one.id);
  });

  it('to a client who opted out answers opted_out unless force is true', async () => {
    const conversationId = await conversationOn('whatsapp');
    const optOut = await f.control('PUT', `/conversations/${conversationId}/do-not-contact`, { do_not_contact: true });
    expect(optOut.body.do_not_contact).toBe(true);
    const refused = await f.send(conversationId, { text: 'Sale!' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('opted_out');
    expect((await f.send(conversationId, { text: 'About your order', force: true })).status).toBe(201);
    await f.control('PUT', `/conversations/${conversationId}/do-not-contact`, { do_not_contact: false });
    expect((await f.send(conversationId, { text: 'Sale!' })).status).toBe(201);
  });

  it('to an unknown conversation answers 404; without messages:send answers missing_scope', async () => {
    expect((await f.send(`cv_${'0'.repeat(26)}`, { text: 'a' })).status).toBe(404);
    const conversationId = await conversationOn('telegram_bot');
    const readOnly = await f.newKey(['messages:read']);
    const answer = await f.send(conversationId, { text: 'a' }, readOnly);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'missing_scope', scope: 'messages:send' });
  });
});

describe('the simulated channel', () => {
  it('a message walks queued, sent, delivered, read as the clock advances, each an event', async () => {
    const conversationId = await conversationOn('telegram_bot');
    const { id } = await f.sent(conversationId);
    const seen: string[] = [];
    for (const step of [SECOND - 1, 1, SECOND, 3 * SECOND - 1, 1]) {
      await f.advance(step);
      seen.push((await f.message(conversationId, id)).status);
    }
    expect(seen).toEqual(['queued', 'sent', 'delivered', 'delivered', 'read']);
    const events = await Promise.all(['message.queued', 'message.sent', 'message.delivered', 'message.read'].map((type) => f.events(type)));
    expect(events.map((list) => list.map((event: any) => [event.data.object.id, event.data.object.status, event.occurred_at]))).toEqual([
      [[id, 'queued', START]],
      [[id, 'sent', f.at(SECOND)]],
      [[id, 'delivered', f.at(2 * SECOND)]],
      [[id, 'read', f.at(5 * SECOND)]],
    ]);
    expect(events[1]![0].actor).toEqual({ type: 'system', id: '' });
  });

  it.each(['telegram_bot', 'telegram_account', 'instagram', 'email', 'webchat', 'simulator'])(
    'on %s a reply a day after the client wrote is still read',
    async (type) => {
      const conversationId = await conversationOn(type);
      await f.advance(48 * HOUR);
      const { id } = await f.sent(conversationId);
      await f.advance(10 * SECOND);
      expect((await f.message(conversationId, id)).status).toBe('read');
    },
  );

  it("a whatsapp reply outside 24 hours of the client's last message fails", async () => {
    const conversationId = await conversationOn('whatsapp');
    await f.advance(24 * HOUR - 2 * SECOND);
    const inside = await f.sent(conversationId, { text: 'inside' });
    await f.advance(2 * SECOND);
    const outside = await f.sent(conversationId, { text: 'outside' });
    await f.advance(10 * SECOND);
    expect((await f.message(conversationId, inside.id)).status).toBe('read');
    expect(await f.message(conversationId, outside.id)).toMatchObject({ status: 'failed', error: OUTSIDE_WHATSAPP_WINDOW });
    const [failed] = await f.events('message.failed');
    expect(failed.data.object).toMatchObject({ id: outside.id, status: 'failed', error: OUTSIDE_WHATSAPP_WINDOW, channel: 'whatsapp' });
    expect(failed.occurred_at).toBe(f.at(24 * HOUR + SECOND));
    expect((await f.events('message.sent')).map((event: any) => event.data.object.id)).toEqual([inside.id]);
  });

  it('a new message from the client opens the whatsapp window again', async () => {
    const conversationId = await conversationOn('whatsapp');
    await f.advance(30 * HOUR);
    await f.inbound('whatsapp', { text: 'Hello again', handle: '@client' });
    const { id } = await f.sent(conversationId);
    await f.advance(10 * SECOND);
    expect((await f.message(conversationId, id)).status).toBe('read');
  });

  it('a telegram_business reply outside 24 hours fails', async () => {
    const conversationId = await conversationOn('telegram_business');
    await f.advance(25 * HOUR);
    const { id } = await f.sent(conversationId);
    await f.advance(10 * SECOND);
    expect(await f.message(conversationId, id)).toMatchObject({ status: 'failed', error: OUTSIDE_BUSINESS_WINDOW });
  });

  it("a telegram_business reply without the owner's permission fails", async () => {
    const channelId = f.channel('telegram_business').id;
    const conversationId = await conversationOn('telegram_business');
    const set = await f.control('PUT', `/channels/${channelId}/outcome`, { replies_allowed: false });
    expect(set.body).toEqual({ id: channelId, status: 'read', failed_from: 'queued', error: null, replies_allowed: false });
    const { id } = await f.sent(conversationId);
    await f.advance(10 * SECOND);
    expect(await f.message(conversationId, id)).toMatchObject({ status: 'failed', error: BOT_NOT_ALLOWED });
    await f.control('PUT', `/channels/${channelId}/outcome`, {});
    const allowed = await f.sent(conversationId);
    await f.advance(10 * SECOND);
    expect((await f.message(conversationId, allowed.id)).status).toBe('read');
  });

  it('an outcome set for the channel stops messages at the status it names', async () => {
    const channelId = f.channel('instagram').id;
    const conversationId = await conversationOn('instagram');
    await f.control('PUT', `/channels/${channelId}/outcome`, { status: 'delivered' });
    expect((await f.control('GET', `/channels/${channelId}/outcome`)).body.status).toBe('delivered');
    const { id } = await f.sent(conversationId);
    await f.advance(HOUR);
    expect((await f.message(conversationId, id)).status).toBe('delivered');
    expect(await f.events('message.read')).toEqual([]);
  });

  it('an outcome of failed fails messages with its reason, from queued or from sent', async () => {
    const channelId = f.channel('telegram_bot').id;
    const conversationId = await conversationOn('telegram_bot');
    await f.control('PUT', `/channels/${channelId}/outcome`, { status: 'failed', error: 'Bot was blocked by the user.' });
    const fromQueued = await f.sent(conversationId, { text: 'one' });
    await f.control('PUT', `/channels/${channelId}/outcome`, { status: 'failed', failed_from: 'sent' });
    const fromSent = await f.sent(conversationId, { text: 'two' });
    await f.advance(10 * SECOND);
    expect(await f.message(conversationId, fromQueued.id)).toMatchObject({ status: 'failed', error: 'Bot was blocked by the user.' });
    expect(await f.message(conversationId, fromSent.id)).toMatchObject({ status: 'failed', error: 'The channel refused the message.' });
    expect((await f.events('message.sent')).map((event: any) => event.data.object.id)).toEqual([fromSent.id]);
    expect((await f.events('message.failed')).map((event: any) => event.data.object.id)).toEqual([fromQueued.id, fromSent.id]);
  });

  it('an outcome change applies to messages queued after it', async () => {
    const channelId = f.channel('telegram_bot').id;
    const conversationId = await conversationOn('telegram_bot');
    const before = await f.sent(conversationId);
    await f.control('PUT', `/channels/${channelId}/outcome`, { status: 'sent' });
    await f.advance(10 * SECOND);
    expect((await f.message(conversationId, before.id)).status).toBe('read');
  });

  it('outcome fields that do not apply answer validation_failed', async () => {
    const whatsapp = f.channel('whatsapp').id;
    expect((await f.control('PUT', `/channels/${whatsapp}/outcome`, { replies_allowed: false })).status).toBe(422);
    expect((await f.control('PUT', `/channels/${whatsapp}/outcome`, { status: 'read', error: 'x' })).status).toBe(422);
    expect((await f.control('PUT', `/channels/ch_${'0'.repeat(26)}/outcome`, {})).status).toBe(404);
  });
});

describe('retry', () => {
  it('a failed message is queued again, error cleared, and walks again', async () => {
    const channelId = f.channel('simulator').id;
    const conversationId = await conversationOn('simulator');
    await f.control('PUT', `/channels/${channelId}/outcome`, { status: 'failed' });
    const { id } = await f.sent(conversationId);
    await f.advance(10 * SECOND);
    await f.control('PUT', `/channels/${channelId}/outcome`, {});
    const retried = await f.api('POST', `/v1/messages/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'queued', error: null });
    await f.advance(10 * SECOND);
    expect((await f.message(conversationId, id)).status).toBe('read');
    expect(await statusesOf('message.queued')).toEqual(['queued', 'queued']);
  });

  it('a whatsapp message that failed outside the window fails again on retry', async () => {
    const conversationId = await conversationOn('whatsapp');
    await f.advance(25 * HOUR);
    const { id } = await f.sent(conversationId);
    await f.advance(10 * SECOND);
    await f.api('POST', `/v1/messages/${id}/retry`);
    await f.advance(10 * SECOND);
    expect(await f.message(conversationId, id)).toMatchObject({ status: 'failed', error: OUTSIDE_WHATSAPP_WINDOW });
    expect(await f.events('message.failed')).toHaveLength(2);
  });

  it('retry of a message that is not failed answers not_failed', async () => {
    const conversationId = await conversationOn('telegram_bot');
    const { id } = await f.sent(conversationId);
    for (const wait of [0, SECOND, 10 * SECOND]) {
      await f.advance(wait);
      const answer = await f.api('POST', `/v1/messages/${id}/retry`);
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('not_failed');
    }
    const inbound = (await f.messages(conversationId)).data.find((message: any) => message.direction === 'in');
    expect((await f.api('POST', `/v1/messages/${inbound.id}/retry`)).body.error.code).toBe('not_failed');
    expect((await f.api('POST', `/v1/messages/msg_${'0'.repeat(26)}/retry`)).status).toBe(404);
  });
});

describe('in the messenger', () => {
  it('a client edits a message: text is the new version, edited_at set, message.edited, and the preview follows', async () => {
    const { conversation_id, message_id } = await f.inbound('telegram_bot', { text: 'Deliver on Saturday', handle: '@a' });
    await f.advance(MINUTE);
    const edited = await f.control('POST', `/messages/${message_id}/edit`, { text: 'Deliver on Sunday' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: message_id, text: 'Deliver on Sunday', edited_at: f.at(MINUTE) });
    expect((await f.conversation(conversation_id)).preview).toEqual({ text: 'Deliver on Sunday', direction: 'in' });
    const [event] = await f.events('message.edited');
    expect(event.data.object).toMatchObject({ id: message_id, text: 'Deliver on Sunday', edited_at: f.at(MINUTE), direction: 'in' });
  });

  it('outgoing messages are edited and messages deleted only in telegram_business chats', async () => {
    const conversationId = await conversationOn('telegram_bot');
    const { id } = await f.sent(conversationId);
    expect((await f.control('POST', `/messages/${id}/edit`, { text: 'changed' })).status).toBe(422);
    expect((await f.control('POST', `/messages/${id}/delete`)).status).toBe(422);
    expect((await f.control('POST', `/conversations/${conversationId}/external`, { text: 'from my phone' })).status).toBe(422);
    expect(await f.events('message.edited')).toEqual([]);
  });

  it('in telegram_business the owner edits a reply, and a deleted message stays in history, marked, once', async () => {
    const { conversation_id, message_id } = await f.inbound('telegram_business', { text: 'Hello', handle: '@a' });
    const reply = await f.sent(conversation_id, { text: 'Hi!' });
    expect((await f.control('POST', `/messages/${reply.id}/edit`, { text: 'Hello!' })).body).toMatchObject({
      text: 'Hello!',
      status: 'queued',
    });
    await f.advance(MINUTE);
    const deleted = await f.control('POST', `/messages/${message_id}/delete`);
    expect(deleted.body).toMatchObject({ id: message_id, text: 'Hello', deleted_at: f.at(MINUTE) });
    expect((await f.control('POST', `/messages/${message_id}/delete`)).status).toBe(200);
    expect((await f.messages(conversation_id)).data.map((message: any) => message.id)).toEqual([reply.id, message_id]);
    expect((await f.events('message.deleted')).map((event: any) => event.data.object.deleted_at)).toEqual([f.at(MINUTE)]);
    expect((await f.control('POST', `/messages/${message_id}/edit`, { text: 'again' })).status).toBe(422);
  });

  it('the owner writing from their own app adds an external message, already sent, and answers the client', async () => {
    const conversationId = await conversationOn('telegram_business');
    await f.advance(MINUTE);
    const answer = await f.control('POST', `/conversations/${conversationId}/external`, { text: 'I will bring it myself.' });
    expect(answer.status).toBe(201);
    expect(answer.body.conversation_id).toBe(conversationId);
    expect(await f.message(conversationId, answer.body.message_id)).toMatchObject({
      direction: 'out',
      author_type: 'member',
      author_id: null,
      status: 'sent',
      external: true,
      text: 'I will bring it myself.',
    });
    expect(await f.conversation(conversationId)).toMatchObject({
      unread_count: 0,
      sla_due_at: null,
      last_outbound_at: f.at(MINUTE),
      preview: { text: 'I will bring it myself.', direction: 'out' },
    });
    expect((await f.events('message.sent')).map((event: any) => event.data.object.id)).toEqual([answer.body.message_id]);
  });
});
