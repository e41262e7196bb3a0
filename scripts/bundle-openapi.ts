// Joins the split document under openapi/ into openapi/dist/crm.json (and mock-control.json),
// the one file every other part of crmkit reads. The control document gets the control guard's
// answers on each operation (scripts/control-guard-responses.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { addControlGuardResponses } from './control-guard-responses.ts';
import { redocly } from './redocly.ts';
import { runtimeDocument } from './runtime-document.ts';

const documents = ['crm', 'mock-control'].filter((name) => existsSync(`openapi/${name}.yaml`));
for (const name of documents) {
  const output = `openapi/dist/${name}.json`;
  const status = redocly(['bundle', `openapi/${name}.yaml`, '--output', output], { quiet: true });
  if (status !== 0) process.exit(status);
  if (name === 'mock-control') {
    const document = JSON.parse(readFileSync(output, 'utf8'));
    addControlGuardResponses(document);
    writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
  }
}
// The copies the mock's core loads, without prose and examples (runtime-document.ts).
for (const name of documents) {
  writeFileSync(
    `openapi/dist/${name}.runtime.json`,
    `${JSON.stringify(runtimeDocument(JSON.parse(readFileSync(`openapi/dist/${name}.json`, 'utf8'))))}\n`,
  );
}
console.log(`bundled ${documents.map((name) => `openapi/dist/${name}.json (and ${name}.runtime.json)`).join(', ')}`);
