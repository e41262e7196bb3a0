// What the suite sends, check by check (issue 23, item 4): one run of the whole suite against a
// clean mock, and per check id the sorted list of its exchanges as `METHOD path query-keys
// body-keys headers`, with ids, numbers and run tokens normalised so that two runs compare equal.
// Written to prove that a change of how checks send (send → call) leaves the requests as they were:
// run it before and after, and compare the two files.
//
//   node scripts/sent-requests.ts OUT.json
import { writeFileSync } from 'node:fs';
import { runConformance } from '../conformance/run.ts';
import type { Exchange } from '../conformance/exchange.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';

const STATIC = /^(v1|[a-z]+([-_.][a-z]+)*)$/;
const normalised = (text: string) => (STATIC.test(text) ? text : ':x');

/** Top-level keys of a JSON body (of its first item for an array), or a mark for a body that is not JSON. */
function bodyKeys(body: string | undefined): string {
  if (body === undefined) return '-';
  try {
    const value = JSON.parse(body);
    const of = Array.isArray(value) ? value[0] : value;
    const keys = of && typeof of === 'object' ? Object.keys(of).map(normalised).sort().join(',') : typeof of;
    return Array.isArray(value) ? `[${keys}]` : `{${keys}}`;
  } catch {
    return '<not json>';
  }
}

export function sentLine({ request }: Exchange): string {
  const url = new URL(request.url);
  const path = url.pathname
    .split('/')
    .map((segment) => (segment === '' ? '' : normalised(decodeURIComponent(segment))))
    .join('/');
  const query = [...url.searchParams.keys()].sort().join(',') || '-';
  const headers = Object.keys(request.headers)
    .map((name) => name.toLowerCase())
    .filter((name) => name !== 'x-request-id')
    .sort()
    .join(',');
  return `${request.method} ${path} ?${query} ${bodyKeys(request.body)} [${headers}]`;
}

const out = process.argv[2];
if (!out) throw new Error('usage: node scripts/sent-requests.ts OUT.json');
const byCheck: Record<string, string[]> = {};
const server = await startServer(createMock({ allowPrivateWebhooks: true }), { port: 0, host: '127.0.0.1' });
try {
  await runConformance({
    baseUrl: server.url,
    onVerdicts: (check, _verdicts, exchanges) => {
      byCheck[check.id] = exchanges.map(sentLine).sort();
    },
  });
} finally {
  await server.close();
}
const sorted = Object.fromEntries(Object.entries(byCheck).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(out, `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`wrote ${out}: ${Object.keys(sorted).length} checks, ${Object.values(sorted).flat().length} exchanges`);
