// The runtime copies the mock's core loads (src/spec/runtime-document.ts, written by
// scripts/runtime-document.ts at bundle time): the full documents less prose and examples, and
// nothing else: the same validation, names kept where a keyword's word is a property's name,
// up to date with the full documents, and the only copy the core imports (a browser bundle of
// the MSW face would otherwise carry both: issue 14).
import { readFileSync, globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runtimeDocument } from '../../scripts/runtime-document.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { loadRuntimeDocument } from '../../src/spec/runtime-document.ts';
import { createSchemaValidator } from '../../src/spec/schema-validator.ts';
import { collectExamples } from './document-examples.ts';

const NAMES = ['crm', 'mock-control'] as const;

describe('the runtime copies of the documents', () => {
  it.each(NAMES)('%s is the full document less its prose and examples, as the bundle wrote it', (name) => {
    const runtime = loadRuntimeDocument(name);
    expect(runtime).toEqual(runtimeDocument(loadDocument(name)));
    const json = JSON.stringify(runtime);
    expect(json).not.toMatch(/"(description|summary|example|examples|externalDocs|x-inferred-reason)":[^{]/);
    expect(json.length).toBeLessThan(JSON.stringify(loadDocument(name)).length / 1.5);
  });

  it('keeps a property whose name is a prose keyword, and every extension the core reads', () => {
    const full = loadDocument('crm');
    const runtime = loadRuntimeDocument('crm');
    const schemas = runtime.components!.schemas as Record<string, { properties?: Record<string, unknown> }>;
    expect(Object.keys(schemas.LeadList!.properties!)).toEqual(Object.keys((full.components!.schemas as typeof schemas).LeadList!.properties!));
    expect(schemas.LeadList!.properties!.summary).toBeDefined();
    expect(JSON.stringify(runtime).match(/"x-(?!inferred-reason)[a-z-]+"/g)?.length).toBe(JSON.stringify(full).match(/"x-(?!inferred-reason)[a-z-]+"/g)?.length);
  });

  it.each(NAMES)('%s judges every example of the full document, and its broken variants, as the full one does', (name) => {
    const full = createSchemaValidator(loadDocument(name));
    const runtime = createSchemaValidator(loadRuntimeDocument(name));
    const bySchema = new Map(collectExamples(loadDocument(name)).map((example) => [example.schemaPointer, example.value]));
    expect(bySchema.size).toBeGreaterThan(name === 'crm' ? 200 : 20);
    let refused = 0;
    for (const [pointer, value] of bySchema) {
      const variants = [value, null, 'text', 12, [value], value && typeof value === 'object' ? { ...value, not_in_the_document: true } : { value }];
      for (const variant of variants) {
        const verdict = full.problems(pointer, variant).map((problem) => `${problem.instancePath} ${problem.message}`);
        expect(runtime.problems(pointer, variant).map((problem) => `${problem.instancePath} ${problem.message}`), pointer).toEqual(verdict);
        if (verdict.length) refused++;
      }
    }
    expect(refused).toBeGreaterThan(bySchema.size);
  });

  it('is the only copy the mock core imports (src/ but the spec module of the full one)', () => {
    const importers = globSync('src/**/*.ts').filter((file) => file !== 'src/spec/document.ts' && !file.startsWith('src/spec/generated/'))
      .filter((file) => /^import (?!type )[^;]*from '[./]*(spec\/)?document\.ts'/m.test(readFileSync(file, 'utf8')));
    expect(importers).toEqual([]);
  });
});
