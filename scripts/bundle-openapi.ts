// Joins the split document under openapi/ into openapi/dist/crm.json (and mock-control.json),
// the one file every other part of crmkit reads.
import { existsSync } from 'node:fs';
import { redocly } from './redocly.ts';

const documents = ['crm', 'mock-control'].filter((name) => existsSync(`openapi/${name}.yaml`));
for (const name of documents) {
  const status = redocly(['bundle', `openapi/${name}.yaml`, '--output', `openapi/dist/${name}.json`], { quiet: true });
  if (status !== 0) process.exit(status);
}
console.log(`bundled ${documents.map((name) => `openapi/dist/${name}.json`).join(', ')}`);
