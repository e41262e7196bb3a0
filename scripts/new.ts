// The scaffold of a new rule (issue 23, item 3; moto's `scaffold.py`): one command writes the
// catalog entry, a check that judges it, a mutant that proves it and the mock's test of it, all
// under the rule's area, each a stub that FAILS until it is written (a stub that passed would be
// a check that cannot fail):
//   - conformance/areas/<area>/rules.yaml: the entry, judged by the new check;
//   - conformance/areas/<area>/<slug>.ts: the check `<area>.<slug>`, which calls the operation and
//     judges the rule "not written yet" (the list of checks is generated: npm run checks-index);
//   - src/faults/areas/<area>.ts (made and registered in fault-modules.ts if new): a mutant on the
//     operation that `proves` the rule and changes nothing yet;
//   - test/<area>/<slug>.test.ts: the mock's own behaviour, one failing test to fill in.
// Then `npm run checks-index`, `npm run fault-catalog`, write the three bodies, and `npm run rule-page`.
//
//   npm run new -- rule <area>.<slug> --section 4.4 --operation mergeTag --text "What the spec asks."
import { existsSync, mkdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalog, SECTIONS } from '../conformance/rules/catalog.ts';
import { didYouMean } from '../src/errors/close-names.ts';
import { loadDocument } from '../src/spec/document.ts';
import { indexOperations } from '../src/spec/operation-index.ts';
import { AREAS, isArea } from '../src/spec/areas.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    section: { type: 'string' },
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
if (kind !== 'rule' || !id) refuse('usage: npm run new -- rule <area>.<slug> --section S --operation OPERATION_ID --text "the rule"');
const [area, slug] = id.split(/\.(.*)/s) as [string, string | undefined];
if (!slug || !/^[a-z][a-z0-9-]*$/.test(slug) || !/^[a-z]+$/.test(area))
  refuse(`${id}: a rule id is <area>.<slug>, lowercase words joined by -`);
if (!isArea(area)) refuse(`no area ${area}: the areas are ${AREAS.join(', ')}`);
const catalogFile = `conformance/areas/${area}/rules.yaml`;
if (loadCatalog().some((rule) => rule.id === id)) refuse(`${id} is in the catalog already`);
const section = values.section ?? refuse('--section: the spec section, e.g. 4.4');
if (!(section in SECTIONS)) refuse(`--section ${section} is no section of the spec`);
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
const checkId = `${area}.${slug}`;
const checkName = camel(slug) + 'Check';
const written: string[] = [];
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
  written.push(path);
};

mkdirSync(dirname(join(root, catalogFile)), { recursive: true });
appendFileSync(
  join(root, catalogFile),
  `- id: ${id}\n  section: '${section}'\n  rule: ${JSON.stringify(text)}\n  needs: [key]\n  checks: [${checkId}]\n`,
);
written.push(catalogFile);

write(
  `conformance/areas/${area}/${slug}.ts`,
  `// Spec ${section}: ${text}
import type { ActiveCheck } from '../../check.ts';

export const ${checkName}: ActiveCheck = {
  kind: 'active',
  id: '${checkId}',
  area: '${area}',
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
const mutants = `src/faults/areas/${area}.ts`;
const mutant = `  {
    name: '${area}-${slug}-broken',
    area: '${area}',
    proves: ['${id}'],
    description: ${JSON.stringify(`Write the realistic bug that breaks ${id}: what another team's ${operationId} would get wrong.`)},
    operations: ['${operationId}'],
    // Changes nothing yet: the mutation test fails until this breaks the rule (a buggy handler's way).
    aroundHandler: (next) => next(),
  },
`;
if (existsSync(join(root, mutants))) {
  const body = readFileSync(join(root, mutants), 'utf8');
  // Into the module's last list of mutants (`];`, at whatever depth it closes), indented as that list.
  const last = /\n( *)\];(?![\s\S]*\n *\];)/;
  if (!last.test(body)) refuse(`${mutants}: no list of mutants (\`];\`) to add the mutant to`);
  write(
    mutants,
    body.replace(last, (_, indent: string) => `\n${mutant.replace(/^(?=.)/gm, indent)}${indent}];`),
  );
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
console.log('next: npm run checks-index; npm run fault-catalog; write the check, the mutant and the test; npm run rule-page');
