// The scaffold of a new rule (scripts/new.ts, `npm run new -- rule …`): it writes the catalog
// entry, a check in the rule's area, a mutant that proves the rule and the mock's test, each
// failing until written; it refuses an id, section, area or operation that is none, saying why.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadCatalog } from '../../conformance/rules/catalog.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);
const NODE = join(ROOT, 'node_modules/.bin/node');

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A root holding only the files the scaffold changes, copied from the tree. */
function scratchRoot(): string {
  root = mkdtempSync(join(tmpdir(), 'crmkit-new-'));
  for (const path of ['conformance/areas/tags/rules.yaml', 'src/faults/areas/tags.ts', 'src/faults/fault-modules.ts'])
    cpSync(join(ROOT, path), join(root, path));
  return root;
}

const scaffold = (args: string[]) => run(NODE, [join(ROOT, 'scripts/new.ts'), 'rule', ...args, '--root', root], { cwd: ROOT });
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('npm run new -- rule', () => {
  it('writes the entry, the check, the mutant and the test, each naming the rule', async () => {
    scratchRoot();
    const { stdout } = await scaffold([
      'tags.merge-keeps-colour',
      '--section',
      '4.4',
      '--operation',
      'mergeTag',
      '--text',
      "A merge keeps the target tag's colour.",
    ]);
    expect(stdout).toContain('conformance/areas/tags/merge-keeps-colour.ts');
    const entry = (parse(read('conformance/areas/tags/rules.yaml')) as any[]).at(-1);
    expect(entry).toEqual({
      id: 'tags.merge-keeps-colour',
      section: '4.4',
      rule: "A merge keeps the target tag's colour.",
      needs: ['key'],
      checks: ['tags.merge-keeps-colour'],
    });
    // Every file under the area's name: its catalog file, its folder of checks, its mutants, its tests.
    expect(stdout).toBe(
      'wrote conformance/areas/tags/rules.yaml, conformance/areas/tags/merge-keeps-colour.ts, src/faults/areas/tags.ts, test/tags/merge-keeps-colour.test.ts\n' +
        'next: npm run checks-index; npm run fault-catalog; write the check, the mutant and the test; npm run rule-page\n',
    );
    expect(read('conformance/areas/tags/merge-keeps-colour.ts')).toMatch(/id: 'tags\.merge-keeps-colour',\n {2}area: 'tags',/);
    // The stubs fail until written: the check judges the rule broken, the mutant changes nothing, the test fails.
    expect(read('conformance/areas/tags/merge-keeps-colour.ts')).toContain(
      "context.judge('tags.merge-keeps-colour', 'the check of tags.merge-keeps-colour is not written yet",
    );
    expect(read('src/faults/areas/tags.ts')).toMatch(/proves: \['tags\.merge-keeps-colour'\],[\s\S]*operations: \['mergeTag'\]/);
    expect(read('src/faults/fault-modules.ts')).toContain(
      "'areas/tags': async (): Promise<readonly Fault[]> => (await import('./areas/tags.ts')).tagsMutants,",
    );
    expect(read('test/tags/merge-keeps-colour.test.ts')).toContain("expect.fail(`write the mock's test of tags.merge-keeps-colour");
  });

  it('refuses what is none, with the reason and exit status 2', async () => {
    scratchRoot();
    const base = ['--section', '4.4', '--text', 'x'];
    const existing = loadCatalog().find((rule) => rule.area === 'tags')!.id;
    const refusals: [string[], RegExp][] = [
      [
        ['tags.merge-keeps-colour', ...base, '--operation', 'mergeTags'],
        /mergeTags is no operationId of the document: did you mean mergeTag\?/,
      ],
      [[existing, ...base, '--operation', 'mergeTag'], new RegExp(`${existing.replace('.', '\\.')} is in the catalog already`)],
      [['nowhere.rule', ...base, '--operation', 'mergeTag'], /no area nowhere: the areas are conventions, auth/],
      [['tags.x', '--section', '4.99', '--operation', 'mergeTag', '--text', 'x'], /--section 4\.99 is no section/],
    ];
    for (const [args, message] of refusals) {
      const refused = await scaffold(args).then(
        () => undefined,
        (error) => error,
      );
      expect(refused?.code).toBe(2);
      expect(refused.stderr).toMatch(message);
    }
    expect(read('conformance/areas/tags/rules.yaml')).toBe(readFileSync(join(ROOT, 'conformance/areas/tags/rules.yaml'), 'utf8'));
  });
});
