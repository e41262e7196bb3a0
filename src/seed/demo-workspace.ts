// `crmkit mock --seed N`: the same demo workspace every time for the same N (faker with a fixed
// seed and reference date): the starter content (pipelines named in uz-Latn, ru and en, members
// of every role in two teams, channels, a form, custom fields of every type), then companies,
// contacts with Uzbek +998 phones and emails, products, tags, leads across stages with amounts
// in tiyin and custom values, tasks, and conversations on every channel type. Records are made through the same rules the API uses.
// Ids are new on every run (they carry creation time); every other value repeats.
import type { Faker } from '@faker-js/faker';
import type { ApiKey } from '../auth/api-key.ts';
import type { MockState } from '../mock-state.ts';
import { createCompany } from '../resources/companies/create-company.ts';
import type { StoredCompany } from '../resources/companies/company-record.ts';
import { createContact, type ContactCreate } from '../resources/contacts/create-contact.ts';
import { createLead } from '../resources/leads/create-lead.ts';
import { systemContext } from '../resources/records/record-context.ts';
import { createTask } from '../resources/tasks/create-task.ts';
import { withTrustedWrites } from '../store/trusted-writes.ts';
import { createWorkspace, type WorkspaceSettings } from '../workspaces/create-workspace.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { demoCustomValues } from './demo-custom-values.ts';
import { DEFAULT_LEADS, demoFaker, REFERENCE_DATE } from './demo-faker.ts';
import { companyName, emailFor, uzbekMobile } from './uzbek-people.ts';
import { seedConversations } from './seed-conversations.ts';
import { seedLeads } from './seed-leads.ts';
import { seedProducts } from './seed-products.ts';

export type DemoOptions = {
  seed: number;
  leads?: number;
  settings?: WorkspaceSettings;
  /** Drawn from instead of the seed's own (scripts/generate-seed-tape.ts records through it). */ faker?: Faker;
};

const TAGS = ['vip', 'wholesale', 'repeat', 'instagram', 'b2b', 'urgent'];
/** Leads made one by one through the API's rules; above this, the rest are written in bulk. */
const RICH_LEADS = 300;
const DAY_MS = 86_400_000;

export async function seedDemoWorkspace(state: MockState, options: DemoOptions): Promise<{ workspace: Workspace; ownerKey: ApiKey }> {
  const faker = options.faker ?? (await demoFaker(options.seed, options.leads ?? DEFAULT_LEADS));
  const created = await createWorkspace(state, { name: `Demo ${options.seed}`, ...options.settings });
  // The demo's records and events skip the document checks (store/trusted-writes.ts: about 300 ms
  // of compiling per process); test/mock/seed.test.ts holds them to the document instead.
  await withTrustedWrites(created.workspace.transactions, () => seedRecords(state, created.workspace, faker, options));
  return created;
}

async function seedRecords(state: MockState, workspace: Workspace, faker: Faker, options: DemoOptions): Promise<void> {
  const leadCount = options.leads ?? DEFAULT_LEADS;
  const context = systemContext(state, workspace);
  // Records are made over the 90 days before the reference date, oldest first, each in its own
  // transaction with the clock moved between them, so that creation times are spread out.
  const start = Date.parse(REFERENCE_DATE) - 90 * DAY_MS;
  await workspace.clock.freeze(true);
  await workspace.clock.set(start);
  const steps = Math.min(leadCount, RICH_LEADS) + 1;
  const step = () => workspace.clock.advance(faker.number.int({ min: 1, max: (2 * 90 * DAY_MS) / steps }));
  const inTransaction = <T>(work: () => Promise<T>) => workspace.transactions.run(work);

  const companies = await inTransaction(async () => {
    const made = [];
    for (let i = 0; i < Math.max(5, Math.round(leadCount / 20)); i++) {
      const tags = faker.helpers.arrayElements(TAGS, { min: 0, max: 1 });
      made.push(
        await createCompany(context, {
          name: companyName(faker),
          phones: [uzbekMobile(faker)],
          tags,
          custom: demoCustomValues(faker, workspace, 'company'),
        }),
      );
    }
    await seedProducts(context, faker);
    return made;
  });
  const contacts = await inTransaction(async () => {
    const made = [];
    for (let i = 0; i < Math.max(10, Math.round(leadCount / 2)); i++)
      made.push(await createContact(context, demoContact(faker, workspace, companies)));
    return made;
  });
  const ownerIds = [...workspace.members.values()].filter((member) => member.role !== 'viewer').map((member) => member.id);
  const openStages = [...workspace.tables.stages.values()].filter((stage) => stage.type === 'open');
  for (let i = 0; i < Math.min(leadCount, RICH_LEADS); i++) {
    await step();
    await inTransaction(async () => {
      const stage = faker.helpers.arrayElement(openStages);
      const lead = await createLead(context, {
        name: `${faker.commerce.productName()}: ${faker.person.lastName()}`,
        amount: faker.number.int({ min: 1, max: 5_000 }) * 100_000,
        pipeline_id: stage.pipeline_id,
        stage_id: stage.id,
        owner_id: faker.helpers.arrayElement(ownerIds),
        contact_id: i < contacts.length ? contacts[i]!.id : undefined,
        source: faker.helpers.arrayElement(['website', 'instagram', 'telegram', 'referral']),
        tags: faker.helpers.arrayElements(TAGS, { min: 0, max: 2 }),
        custom: demoCustomValues(faker, workspace, 'lead'),
      });
      if (i % 3 !== 0) return;
      const dueAt = new Date(workspace.clock.now() + faker.number.int({ min: 1, max: 10 }) * DAY_MS).toISOString();
      await createTask(context, {
        title: `Call about ${lead.name}`,
        type: 'call',
        due_at: dueAt,
        assignee_id: lead.owner_id!,
        entity_type: 'lead',
        entity_id: lead.id,
      });
    });
  }
  await seedConversations(context, faker, contacts);
  if (leadCount > RICH_LEADS) await seedLeads(workspace, { count: leadCount - RICH_LEADS, faker, tags: TAGS });
  await workspace.clock.set(Date.parse(REFERENCE_DATE));
  await workspace.clock.freeze(false);
}

function demoContact(faker: Faker, workspace: Workspace, companies: readonly StoredCompany[]): ContactCreate {
  const [firstName, lastName] = [faker.person.firstName(), faker.person.lastName()];
  return {
    name: `${firstName} ${lastName}`,
    phones: [uzbekMobile(faker)],
    emails: faker.datatype.boolean(0.6) ? [emailFor(faker, firstName, lastName)] : [],
    company_id: faker.datatype.boolean(0.3) ? faker.helpers.arrayElement(companies).id : undefined,
    preferred_language: faker.helpers.arrayElement(['uz-Latn', 'uz-Cyrl', 'ru', 'en'] as const),
    tags: faker.helpers.arrayElements(TAGS, { min: 0, max: 2 }),
    custom: demoCustomValues(faker, workspace, 'contact'),
  };
}
