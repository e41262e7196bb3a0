// `--seed N`: the same demo workspace every time for the same N, Uzbek data that follows the
// rules of the API, and `--seed-size` to scale the leads.
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock.ts';
import { checkValue } from '../../src/resources/fields/custom-value-types.ts';
import { DEFAULT_LEADS, seededFaker, TAPED_SEED } from '../../src/seed/demo-faker.ts';
import { seedDemoWorkspace } from '../../src/seed/demo-workspace.ts';
import { demoWorkspaceTape } from '../../src/seed/demo-workspace-tape.ts';
import committedTape from '../../src/seed/generated/seed-1.json' with { type: 'json' };
import { escapeSegment } from '../../src/spec/json-pointer.ts';
import type { Table } from '../../src/store/table.ts';
import type { Workspace } from '../../src/workspaces/workspace.ts';
import { call } from '../support/mock-client.ts';

/** What a workspace holds, with ids (new on every run) replaced by record numbers or names. */
function contentOf(workspace: Workspace) {
  const { leads, contacts, companies, products, tasks } = workspace.tables;
  return {
    leads: [...leads.values()].map(({ number, name, amount, stage_id, tags, custom, created_at }) => ({
      number,
      name,
      amount,
      stage: workspace.tables.stages.get(stage_id)!.name,
      tags,
      customKeys: Object.keys(custom).sort(),
      created_at,
    })),
    contacts: [...contacts.values()].map(({ number, name, phones, emails, preferred_language }) => ({
      number,
      name,
      phones,
      emails,
      preferred_language,
    })),
    companies: [...companies.values()].map(({ number, name }) => ({ number, name })),
    products: [...products.values()].map(({ name, sku, price, archived }) => ({ name, sku, price, archived })),
    tasks: [...tasks.values()].map(({ number, title, due_at }) => ({ number, title, due_at })),
  };
}

describe('the demo workspace', () => {
  it('is the same every time for the same seed, and another for another seed', async () => {
    const first = await seedDemoWorkspace(createMock().state, { seed: 7, leads: 40 });
    const again = await seedDemoWorkspace(createMock().state, { seed: 7, leads: 40 });
    const other = await seedDemoWorkspace(createMock().state, { seed: 8, leads: 40 });
    expect(contentOf(again.workspace)).toEqual(contentOf(first.workspace));
    expect(contentOf(other.workspace).contacts).not.toEqual(contentOf(first.workspace).contacts);
  });

  it('has Uzbek mobile phones in +998 format, lowercase emails, and leads spread over time', async () => {
    const { workspace } = await seedDemoWorkspace(createMock().state, { seed: 3, leads: 60 });
    const contacts = [...workspace.tables.contacts.values()];
    expect(contacts.every((contact) => contact.phones.every((phone) => /^\+998(9[013-9]|33|88|77)[0-9]{7}$/.test(phone)))).toBe(true);
    expect(contacts.flatMap((contact) => contact.emails).every((email) => email === email.toLowerCase())).toBe(true);
    const days = new Set([...workspace.tables.leads.values()].map((lead) => lead.created_at.slice(0, 10)));
    expect(days.size).toBeGreaterThan(10);
  });

  it('has custom values of every field type on its records', async () => {
    const { workspace } = await seedDemoWorkspace(createMock().state, { seed: 5, leads: 120 });
    const types = new Set<string>();
    for (const table of [workspace.tables.leads, workspace.tables.contacts, workspace.tables.companies, workspace.tables.products]) {
      for (const record of table.values() as Iterable<{ custom: Record<string, unknown> }>) {
        for (const key of Object.keys(record.custom))
          types.add(workspace.tables.fields.firstBy('entityKey', `${entityOf(table, workspace)}:${key}`)!.type);
      }
    }
    expect([...types].sort()).toEqual([
      'checkbox',
      'date',
      'datetime',
      'email',
      'long_text',
      'member',
      'money',
      'multiselect',
      'number',
      'phone',
      'rating',
      'select',
      'text',
      'url',
    ]);
  });

  it('has conversations with messages on every channel type', async () => {
    const { workspace } = await seedDemoWorkspace(createMock().state, { seed: 4, leads: 20 });
    const { channels, conversations, messages } = workspace.tables;
    const typesWithConversations = new Set([...conversations.values()].map((conversation) => channels.get(conversation.channel_id)!.type));
    expect(typesWithConversations).toEqual(new Set([...channels.values()].map((channel) => channel.type)));
    expect(messages.size).toBeGreaterThan(conversations.size);
  });

  it('answers through the API like any workspace, its records valid against the document', async () => {
    const mock = createMock();
    const created = await call(mock, 'POST', '/_mock/workspaces', { body: { seed: 11, seed_size: 30 } });
    const leads = await call(mock, 'GET', '/v1/leads?limit=250', { key: created.body.api_key });
    expect(leads.body.summary.count).toBe(30);
    const contacts = await call(mock, 'GET', '/v1/contacts?limit=250', { key: created.body.api_key });
    expect(contacts.body.data.length).toBeGreaterThanOrEqual(10);
  });

  // The seed writes without the document checks of requests (src/store/trusted-writes.ts): this
  // holds what it wrote to them, starter content and the leads written in bulk included.
  it('writes only records and events the document allows, and trusts nothing after it', async () => {
    const mock = createMock();
    const { workspace } = await seedDemoWorkspace(mock.state, { seed: 2, leads: 320 });
    let records = 0;
    for (const [name, table] of Object.entries(workspace.tables) as [string, Table<{ id: string }>][]) {
      for (const record of table.records()) {
        records++;
        expect(await table.problems(record), `${name} ${record.id}`).toEqual([]);
      }
    }
    expect(records).toBeGreaterThan(1_000);
    const events = [...workspace.tables.events.values()];
    expect(new Set(events.map((event) => event.type))).toEqual(
      // The replies walk on as the clock moves between conversations (seed-conversations.ts).
      new Set(['contact.created', 'lead.created', 'task.created', 'message.queued', 'message.sent', 'message.delivered', 'message.read']),
    );
    for (const event of events) {
      const pointer = `/webhooks/${escapeSegment(event.type)}/post/requestBody/content/application~1json/schema`;
      expect(mock.state.validators.crm.problems(pointer, event), event.type).toEqual([]);
    }
    // Custom values, each against its field's type, options and members (the record schemas allow any type).
    let values = 0;
    for (const table of [workspace.tables.leads, workspace.tables.contacts, workspace.tables.companies, workspace.tables.products]) {
      for (const record of table.values() as Iterable<{ custom: Record<string, unknown> }>) {
        for (const [key, value] of Object.entries(record.custom)) {
          values++;
          const field = workspace.tables.fields.firstBy('entityKey', `${entityOf(table, workspace)}:${key}`)!;
          expect(checkValue(value, field, workspace, mock.state.validators.crm), `${field.type} ${key}`).toEqual({ value });
        }
      }
    }
    expect(values).toBeGreaterThan(100);
    // The same tables check writes again once the seed is done.
    await expect(workspace.tables.leads.insert({ id: 'lead_not_a_lead' } as never)).rejects.toThrow();
  });

  // Seed 1 at its default size plays faker's answers back from a tape (src/seed/faker-tape.ts).
  it('is the same for seed 1 from its tape as from faker, and the committed tape is the one the seed records now', async () => {
    const fromTape = await seedDemoWorkspace(createMock().state, { seed: TAPED_SEED });
    const fromFaker = await seedDemoWorkspace(createMock().state, { seed: TAPED_SEED, faker: await seededFaker(TAPED_SEED) });
    const again = await seedDemoWorkspace(createMock().state, { seed: TAPED_SEED, faker: await seededFaker(TAPED_SEED) });
    // What differs between two runs from faker (the starter content's times, made at the wall clock, and an app's secret) may differ here too; nothing else.
    const differs = differences(everything(fromTape.workspace), everything(fromFaker.workspace));
    const differsAnyway = new Set(differences(everything(again.workspace), everything(fromFaker.workspace)));
    expect(differs.filter((path) => !differsAnyway.has(path))).toEqual([]);
    expect(fromTape.workspace.tables.leads.size).toBe(DEFAULT_LEADS);
    expect(await demoWorkspaceTape(createMock().state, await seededFaker(TAPED_SEED), { seed: TAPED_SEED, leads: DEFAULT_LEADS })).toEqual(
      committedTape,
    );
  });

  it('scales to --seed-size leads, the ones past the first 300 written in bulk', async () => {
    const { workspace } = await seedDemoWorkspace(createMock().state, { seed: 1, leads: 1_000 });
    expect(workspace.tables.leads.size).toBe(1_000);
    expect(workspace.tables.leads.firstBy('number', 1_000)).toBeDefined();
  });
});

/** Every table's records, with ids (new on every run) replaced by where they first appear. */
function everything(workspace: Workspace): unknown {
  const tables = Object.entries(workspace.tables) as [string, Table<{ id: string }>][];
  const ids = new Map<string, string>([[workspace.id, 'workspace']]);
  for (const [name, table] of tables) for (const record of table.records()) ids.set(record.id, `${name} #${ids.size}`);
  for (const member of workspace.members.values()) ids.set(member.id, `member #${ids.size}`);
  const text = JSON.stringify(Object.fromEntries(tables.map(([name, table]) => [name, [...table.records()]])));
  return JSON.parse(text.replace(/"([^"\\]*)"/g, (quoted, value: string) => (ids.has(value) ? JSON.stringify(ids.get(value)) : quoted)));
}

/** The paths (`/leads/3/name`) where two values of everything() differ. */
function differences(one: unknown, other: unknown, path = ''): string[] {
  if (one === null || other === null || typeof one !== 'object' || typeof other !== 'object') return one === other ? [] : [path];
  const keys = new Set([...Object.keys(one), ...Object.keys(other)]);
  return [...keys].flatMap((key) =>
    differences((one as Record<string, unknown>)[key], (other as Record<string, unknown>)[key], `${path}/${key}`),
  );
}

function entityOf(table: unknown, workspace: Workspace): string {
  const { leads, contacts, companies } = workspace.tables;
  return table === leads ? 'lead' : table === contacts ? 'contact' : table === companies ? 'company' : 'product';
}
