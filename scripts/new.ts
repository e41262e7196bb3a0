// The scaffold of a new rule (issue 23, item 3; moto's `scaffold.py`): one command writes the
// catalog entry, a check that judges it, a mutant that proves it and the mock's test of it, each a
// stub that FAILS until it is written (a stub that passed would be a check that cannot fail):
//   - conformance/rules/<area>.yaml: the entry, judged by the new check;
//   - conformance/checks/<family>/<slug>.ts, registered in the family's index.ts: calls the
//     operation and judges the rule "not written yet";
//   - src/faults/areas/<area>.ts (made and registered in fault-modules.ts if new): a mutant on the
//     operation that `proves` the rule and changes nothing yet;
//   - test/<area>/<slug>.test.ts: the mock's own behaviour, one failing test to fill in.
// Then `npm run fault-catalog`, write the three bodies, and `node scripts/rule-page.ts`.
//
//   npm run new -- rule <area>.<slug> --section 4.4 --family state --operation mergeTags --text "What the spec asks."
import { existsSync, mkdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FAMILIES } from '../conformance/check.ts';
import { loadCatalog, SECTIONS } from '../conformance/rules/catalog.ts';
import { didYouMean } from '../src/errors/close-names.ts';
import { loadDocument } from '../src/spec/document.ts';
import { indexOperations } from '../src/spec/operation-index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    section: { type: 'string' },
    family: { type: 'string' },
    operation: { type: 'string' },
    text: { type: 'string' },
    root: { type: 'string' },
  },
});
const root = values.root ?? ROOT;

function refuse(message: string): never {
  console.error(`npm run new: ${message}`);
  process.exit(2);
}

const [kind, id] = positionals;
if (kind !== 'rule' || !id)
  refuse('usage: npm run new -- rule <area>.<slug> --section S --family F --operation OPERATION_ID --text "the rule"');
const [area, slug] = id.split(/\.(.*)/s) as [string, string | undefined];
if (!slug || !/^[a-z][a-z0-9-]*$/.test(slug) || !/^[a-z]+$/.test(area))
  refuse(`${id}: a rule id is <area>.<slug>, lowercase words joined by -`);
if (!existsSync(join(root, `conformance/rules/${area}.yaml`)))
  refuse(`no catalog file conformance/rules/${area}.yaml: the areas are the catalog's files`);
if (loadCatalog().some((rule) => rule.id === id)) refuse(`${id} is in the catalog already`);
const section = values.section ?? refuse('--section: the spec section, e.g. 4.4');
if (!(section in SECTIONS)) refuse(`--section ${section} is no section of the spec`);
const family = values.family ?? refuse(`--family: one of ${FAMILIES.join(', ')}`);
if (!(FAMILIES as readonly string[]).includes(family)) refuse(`--family ${family} is none of ${FAMILIES.join(', ')}`);
const operationId = values.operation ?? refuse('--operation: the operationId the rule is about');
const operations = indexOperations(loadDocument('crm'));
const hint = didYouMean(operationId, [...operations.keys()]);
const operation =
  operations.get(operationId) ?? refuse(`--operation ${operationId} is no operationId of the document${hint ? `: ${hint}` : ''}`);
const text = values.text ?? refuse('--text: the rule in one sentence, as the spec words it');

// The path's parameters, to fill in: the stub sends a placeholder the check replaces with a record it made.
const pathParams = operation.parameters
  .filter((parameter) => parameter.in === 'path')
  .map((parameter) => `${parameter.name}: 'a record the check made'`);
const callInput = pathParams.length ? `{ path: { ${pathParams.join(', ')} } }` : '{}';
const camel = (words: string) => words.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const checkId = `${family}.${slug}`;
const checkName = camel(slug) + 'Check';
const written: string[] = [];
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
  written.push(path);
};

appendFileSync(
  join(root, `conformance/rules/${area}.yaml`),
  `- id: ${id}\n  section: '${section}'\n  rule: ${JSON.stringify(text)}\n  needs: [key]\n  checks: [${checkId}]\n`,
);
written.push(`conformance/rules/${area}.yaml`);

write(
  `conformance/checks/${family}/${slug}.ts`,
  `// Spec ${section}: ${text}
import type { ActiveCheck } from '../../check.ts';

export const ${checkName}: ActiveCheck = {
  kind: 'active',
  id: '${checkId}',
  family: '${family}',
  title: ${JSON.stringify(text.replace(/\.$/, ''))},
  spec: '${section}',
  basis: 'documented',
  writes: ${operation.method !== 'GET'},
  async run(context) {
    // ${operation.method} ${operation.path}: send what a deployment breaking the rule answers differently, and judge the rule's stated outcome.
    const answer = await context.client.call('${operationId}', ${callInput});
    context.judge('${id}', 'the check of ${id} is not written yet (scaffolded by npm run new)', answer);
  },
};
`,
);
const familyIndex = `conformance/checks/${family}/index.ts`;
const index = readFileSync(join(root, familyIndex), 'utf8');
const list = new RegExp(`(export const ${camel(family)}Checks: Check\\[\\] = \\[)([^\\]]*)\\]`);
if (!list.test(index)) refuse(`${familyIndex}: no \`export const ${camel(family)}Checks: Check[] = [...]\` to add the check to`);
// The check runs last in its family; the list keeps its layout (one line, or one check a line).
const listed = (body: string) => {
  const names = [
    ...body
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    checkName,
  ];
  return body.includes('\n') ? `\n${names.map((name) => `  ${name},\n`).join('')}` : names.join(', ');
};
write(
  familyIndex,
  index
    .replace(/(\nimport [^\n]+\n)(?!import)/, `$1import { ${checkName} } from './${slug}.ts';\n`)
    .replace(list, (_, head: string, body: string) => `${head}${listed(body)}]`),
);

const mutants = `src/faults/areas/${area}.ts`;
const mutant = `  {
    name: '${area}-${slug}-broken',
    family: '${family}',
    proves: ['${id}'],
    description: ${JSON.stringify(`Write the realistic bug that breaks ${id}: what another team's ${operationId} would get wrong.`)},
    operations: ['${operationId}'],
    // Changes nothing yet: the mutation test fails until this breaks the rule (a buggy handler's way).
    aroundHandler: (next) => next(),
  },
`;
if (existsSync(join(root, mutants))) {
  const body = readFileSync(join(root, mutants), 'utf8');
  write(mutants, body.replace(/\n\];\s*$/, `\n${mutant}];\n`));
} else {
  write(
    mutants,
    `// Mutants of the ${area} area: each breaks the rules it names the way a real implementation might.
import type { Fault } from '../fault.ts';

export const ${camel(area)}Mutants: Fault[] = [
${mutant}];
`,
  );
  const modules = readFileSync(join(root, 'src/faults/fault-modules.ts'), 'utf8');
  const entry = `  'areas/${area}': async (): Promise<readonly Fault[]> => (await import('./areas/${area}.ts')).${camel(area)}Mutants,\n`;
  write('src/faults/fault-modules.ts', modules.replace(/(\n {2}\/\/ The blind hunt's faults)/, `\n${entry.trimEnd()}$1`));
}

write(
  `test/${area}/${slug}.test.ts`,
  `// Spec ${section}: ${text}
// The mock's own behaviour (${operation.method} ${operation.path}), as the spec states it.
import { describe, expect, it } from 'vitest';
import { call, setUpMock } from '../support/mock-client.ts';

describe('${id}', () => {
  it(${JSON.stringify(text.replace(/\.$/, ''))}, async () => {
    const setup = await setUpMock();
    const answer = await call(setup.mock, '${operation.method}', '${operation.path}', { key: setup.key });
    expect.fail(\`write the mock's test of ${id} (scaffolded; first answer: \${answer.status})\`);
  });
});
`,
);

console.log(`wrote ${written.join(', ')}`);
console.log('next: npm run fault-catalog; write the check, the mutant and the test; node scripts/rule-page.ts');
