// `count` leads written straight into a workspace's table, as a Tashkent CRM holds them, the same
// leads in every run (a fixed pseudo-random sequence): what the benches that need a workspace at
// production size start from (query.ts, write-cost.ts).
import { createMock, type Mock } from '../src/mock.ts';
import { newStoredLead } from '../src/resources/leads/lead-record.ts';
import { createWorkspace } from '../src/workspaces/create-workspace.ts';
import type { Workspace } from '../src/workspaces/workspace.ts';

// Names as a Tashkent CRM holds them: Uzbek in Latin and Cyrillic, Russian, a few English.
const FIRST = [
  'Aziz',
  'Dilnoza',
  'Muhammad',
  'Mukhammad',
  'Bakhtiyor',
  'Baxtiyor',
  'Gulnora',
  'Sardor',
  'Nilufar',
  'Jasur',
  'Otabek',
  'O‘tkir',
  'Шахзод',
  'Мухаммад',
  'Дилшод',
  'Феруза',
  'Алексей',
  'Elena',
  'Ivan',
  'Olga',
  'John',
  'Sarah',
  'Timur',
  'Zarina',
];
const LAST = [
  'Rahimov',
  'Karimova',
  'Aliyev',
  'Usmonov',
  'Yusupova',
  'Toshmatov',
  'Xolmatov',
  'Рахимов',
  'Каримова',
  'Иванов',
  'Смирнова',
  'Petrov',
  'Smith',
  'Nazarov',
  'Ergasheva',
  'Qodirov',
];
const PRODUCTS = ['Kitchen set', 'Sofa', 'Wardrobe', 'Office desk', 'Website redesign', 'Annual support', 'Delivery', 'Installation'];
const SOURCES = ['website', 'instagram', 'telegram', 'referral', 'cold_call', 'exhibition'];
const TAGS = ['vip', 'hot', 'wholesale', 'repeat', 'spam', 'b2b', 'tashkent', 'samarkand'];

// A fixed pseudo-random sequence (mulberry32): every run seeds the same leads.
let seed = 20261122;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

export type SeededWorkspace = { mock: Mock; workspace: Workspace; key: string; stages: { id: string; pipeline_id: string }[] };

/** A mock with one workspace of `count` leads, its rate limits off. */
export async function seededWorkspace(count: number): Promise<SeededWorkspace> {
  seed = 20261122;
  const mock = createMock();
  const { workspace, ownerKey } = await createWorkspace(mock.state, {});
  workspace.limits = { requestsPerSecond: null, requestsPerMinute: null, concurrentRequests: null };
  const stages = [...workspace.tables.stages.values()];
  const owners = [...workspace.members.values()].filter((member) => member.role !== 'viewer').map((member) => member.id);

  const start = Date.parse('2025-11-22T00:00:00Z');
  const span = 365 * 86_400_000;
  const times = Array.from({ length: count }, () => start + Math.floor(random() * span)).sort((a, b) => a - b);
  for (let i = 0; i < count; i++) {
    const stage = pick(stages);
    const createdAt = new Date(times[i]!).toISOString();
    const tags = TAGS.filter(() => random() < 0.12);
    const lead = newStoredLead(workspace, stage, createdAt, {
      name: `${pick(PRODUCTS)}: ${pick(FIRST)} ${pick(LAST)}`,
      amount: Math.floor(random() * 5_000) * 1_000_000,
      owner_id: random() < 0.8 ? pick(owners) : null,
      source: pick(SOURCES),
      tags,
      position: i,
      loss_reason: stage.type === 'lost' ? 'Too expensive' : '',
    });
    await workspace.tables.leads.insert(lead);
  }
  return { mock, workspace, key: ownerKey.key, stages };
}
