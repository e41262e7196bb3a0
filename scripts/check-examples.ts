// Validates every example of the document against its schema and prints the failures.
// `npm test` does the same in test/openapi/examples.test.ts; this is the quick loop for authors.
// It bundles with --force into a temporary file so that it works while some files are unfinished.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSchemaValidator } from '../src/spec/schema-validator.ts';
import { collectExamples } from '../test/openapi/document-examples.ts';
import { redocly } from './redocly.ts';

const output = join(mkdtempSync(join(tmpdir(), 'crmkit-')), 'crm.json');
redocly(['bundle', 'openapi/crm.yaml', '--force', '--output', output], { quiet: true });
const document = JSON.parse(readFileSync(output, 'utf8'));
const validator = createSchemaValidator(document);
const filter = process.argv[2] ?? '';
let failures = 0;
const examples = collectExamples(document).filter((example) => example.where.includes(filter));
for (const example of examples) {
  try {
    const problems = validator.problems(example.schemaPointer, example.value);
    if (problems.length === 0) continue;
    failures++;
    console.log(
      `✗ ${example.where}\n${problems.map((p) => `    ${p.instancePath || '(root)'} ${p.message} ${JSON.stringify(p.params)}`).join('\n')}`,
    );
  } catch (error) {
    failures++;
    console.log(`✗ ${example.where}: cannot compile ${example.schemaPointer}: ${(error as Error).message}`);
  }
}
console.log(`${examples.length - failures} of ${examples.length} examples valid`);
process.exit(failures ? 1 : 0);
