// Many leads at once, for demo data and benchmarks: spread over the workspace's pipelines and
// stages, amounts in tiyin, written straight into the table (no events: seeding is not an action
// of anyone), numbered like any lead.
import type { Faker } from '@faker-js/faker';
import { newStoredLead, type StoredLead } from '../resources/leads/lead-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';

const PRODUCTS = ['Kitchen set', 'Sofa', 'Wardrobe', 'Office desk', 'Website redesign', 'Annual support', 'Delivery', 'Installation'];
const SOURCES = ['website', 'instagram', 'telegram', 'referral', 'cold_call', 'exhibition'];

export type SeedLeadsOptions = { count: number; faker: Faker; contactIds?: readonly string[]; tags?: readonly string[] };

export async function seedLeads(workspace: Workspace, options: SeedLeadsOptions): Promise<StoredLead[]> {
  const { faker } = options;
  const stages = [...workspace.tables.stages.values()];
  const ownerIds = [...workspace.members.values()].filter((member) => member.role !== 'viewer').map((member) => member.id);
  // Oldest first, so that ids (which sort by creation) and created_at agree.
  const times = Array.from({ length: options.count }, () => faker.date.past({ years: 1 }).getTime()).sort((a, b) => a - b);
  const leads: StoredLead[] = [];
  for (let i = 0; i < options.count; i++) {
    const stage = faker.helpers.arrayElement(stages);
    const createdAt = new Date(times[i]!).toISOString();
    leads.push(
      await workspace.tables.leads.insert(
        newStoredLead(workspace, stage, createdAt, {
          name: `${faker.helpers.arrayElement(PRODUCTS)}: ${faker.person.lastName()}`,
          amount: faker.number.int({ min: 1, max: 5_000 }) * 1_000_000,
          owner_id: faker.helpers.maybe(() => faker.helpers.arrayElement(ownerIds), { probability: 0.8 }) ?? null,
          contact_id: options.contactIds?.length ? faker.helpers.arrayElement(options.contactIds) : null,
          source: faker.helpers.arrayElement(SOURCES),
          tags: options.tags?.length ? faker.helpers.arrayElements(options.tags, { min: 0, max: 2 }) : [],
          position: i,
          loss_reason: stage.type === 'lost' ? faker.helpers.arrayElement(['Too expensive', 'Chose a competitor', 'No answer']) : '',
        }),
      ),
    );
  }
  return leads;
}
