// `crmkit explore --reporter html`: the page a person reads. Against a mock with a named fault
// the page shows the divergence shrunk, its replay command, the rules it touches, and each request
// of the shrunk sequence with both answers side by side; every text from the answers is escaped.
import { afterAll, expect, it } from 'vitest';
import { runExplore } from '../../conformance/explore/explore.ts';
import { renderExploreReport, replayCommand } from '../../conformance/explore/report.ts';
import { esc } from '../../conformance/report/html-escape.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';

const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.close();
});

async function exploreOn(faults: string[]) {
  const server = await startServer(createMock({ faults }), { port: 0, host: '127.0.0.1' });
  running.push(server);
  return runExplore({ baseUrl: server.url, seed: 1, calls: 40, rate: 0, shrinkAtMost: 1, maxReplays: 10 });
}

it('shows each divergence shrunk, with its replay line, rules and both answers side by side', async () => {
  const report = await exploreOn(['not-found-as-409']);
  const [first] = report.divergences;
  expect(first, 'a divergence').toBeDefined();
  const page = renderExploreReport(report, 'html');
  expect(page).toMatch(/^<!doctype html>/);
  expect(page).toContain(`<code>${first!.signature}</code>`);
  expect(page).toContain(`shrunk from ${first!.originalLength} to ${first!.shrunkLength} steps`);
  expect(page).toContain(esc(replayCommand(report, first!)));
  for (const rule of first!.rules) expect(page).toContain(`<code class="rule">${rule}</code>`);
  expect(page).toContain('<th>target answered</th><th>oracle answered</th>');
  // One row per request of the shrunk sequence (read-backs included), the diverging ones marked.
  const section = page.slice(page.indexOf('id="divergence-1"'), page.indexOf('</section>'));
  expect(section.match(/<tr class="[^"]*"><td>\d+/g)).toHaveLength(first!.exchanges.length);
  expect(section).toContain('<tr class="differs">');
  // The answers' text is escaped: JSON's quotes as character references, and no `<` but the page's own markup.
  expect(section).toMatch(/&#34;[a-z_]+&#34;: /);
  expect(section).not.toMatch(/"[a-z_]+": /);
  expect(section).not.toMatch(/<(?!\/?(tr|td|th|pre|code|strong|table|thead|tbody|section|h2|p|em)\b)/);
});

it('says so when there is no divergence', async () => {
  const page = renderExploreReport(await exploreOn([]), 'html');
  expect(page).toContain('No divergence');
  expect(page).not.toContain('class="divergence"');
});
