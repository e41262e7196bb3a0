// One mock for a test file, a fresh workspace per test with its clock frozen, and helpers for
// the conversation routes (spec 4.8) and the simulated channels (openapi/control/channels.yaml).
import { expect } from 'vitest';
import { newStoredLead } from '../../src/resources/leads/lead-record.ts';
import { nextRecordNumber } from '../../src/store/record-numbers.ts';
import { workspaceFixture } from '../support/workspace-fixture.ts';

export const START = '2026-11-22T09:00:00.000Z';
export { HOUR, MINUTE, SECOND } from '../support/workspace-fixture.ts';

export function conversationFixture() {
  const base = workspaceFixture(START);
  const f = Object.assign(Object.create(base) as typeof base, {
    channel: (type: string) => base.created.channels.find((channel: any) => channel.type === type),

    async newKey(scopes: string[], role = 'admin'): Promise<string> {
      const answer = await f.control('POST', '/api-keys', { scopes, role });
      expect(answer.status).toBe(201);
      return answer.body.key;
    },

    /** A client writes in on the workspace's channel of `type`; answers `{conversation_id, message_id}`. */
    async inbound(type: string, body: Record<string, unknown>) {
      const answer = await f.control('POST', `/channels/${f.channel(type).id}/inbound`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body as { conversation_id: string; message_id: string };
    },
    async conversation(id: string) {
      const answer = await f.api('GET', `/v1/conversations/${id}`);
      expect(answer.status).toBe(200);
      return answer.body;
    },
    async list(query = '') {
      const answer = await f.api('GET', `/v1/conversations${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    },
    listedIds: async (query = '') => (await f.list(query)).data.map((conversation: any) => conversation.id),
    async messages(conversationId: string, query = '') {
      const answer = await f.api('GET', `/v1/conversations/${conversationId}/messages${query}`);
      expect(answer.status).toBe(200);
      return answer.body;
    },
    async message(conversationId: string, messageId: string) {
      return (await f.messages(conversationId, '?limit=250')).data.find((message: any) => message.id === messageId);
    },
    send(conversationId: string, body: Record<string, unknown>, key?: string) {
      return f.api('POST', `/v1/conversations/${conversationId}/messages`, body, key);
    },
    async sent(conversationId: string, body: Record<string, unknown> = { text: 'Hello!' }) {
      const answer = await f.send(conversationId, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },
    nowMs: () => f.workspace().clock.now(),
    at: (ms: number) => new Date(Date.parse(START) + ms).toISOString(),
    /** Events of `type`, oldest first. */
    async events(type: string) {
      return (await f.control('GET', `/events?type=${type}&limit=250`)).body.data.reverse();
    },

    /** A contact put straight into the workspace's table, so that a client can be linked to it. */
    async insertContact(phone: string, email?: string) {
      const workspace = f.workspace();
      const now = new Date(workspace.clock.now()).toISOString();
      return workspace.tables.contacts.insert({
        id: workspace.newId('contact'),
        number: nextRecordNumber(workspace.numbers, 'contact'),
        name: 'Dilnoza Karimova',
        phones: [phone],
        emails: email ? [email] : [],
        company_id: null,
        preferred_language: '',
        owner_id: null,
        custom: {},
        tags: [],
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
    },
    async insertLead(contactId: string, changes: { closed_at?: string | null } = {}) {
      const workspace = f.workspace();
      const pipeline = base.created.pipelines[0];
      const now = new Date(workspace.clock.now()).toISOString();
      return workspace.tables.leads.insert(
        newStoredLead(workspace, pipeline.stages[0], now, {
          name: 'Sofa',
          currency: 'UZS',
          contact_id: contactId,
          position: 0,
          closed_at: changes.closed_at ?? null,
        }),
      );
    },
  });
  return f;
}
