// Seeds N leads into a fresh workspace and prints the time it took and the process's peak
// memory, as JSON. Run as its own process (bench/run.ts does) so that the peak is the seed's.
import { faker } from '@faker-js/faker/locale/en';
import { createMock } from '../src/mock.ts';
import { seedLeads } from '../src/seed/seed-leads.ts';
import { createWorkspace } from '../src/workspaces/create-workspace.ts';

const count = Number(process.argv[2] ?? 100_000);
const mock = createMock();
const { workspace } = await createWorkspace(mock.state, {});
faker.seed(42);
faker.setDefaultRefDate(new Date('2026-11-01T00:00:00Z'));
const baselineRss = process.memoryUsage().rss;
const started = performance.now();
await seedLeads(workspace, { count, faker });
const seconds = (performance.now() - started) / 1000;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify({ count, seconds, peakRssMb, baselineRssMb: baselineRss / 2 ** 20, leads: workspace.tables.leads.size }));
