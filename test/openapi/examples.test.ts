import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { createSchemaValidator } from '../../src/spec/schema-validator.ts';
import { collectExamples } from './document-examples.ts';

const document = loadDocument();
const validator = createSchemaValidator(document);
const examples = collectExamples(document);

describe('every example in the document validates against its schema', () => {
  it('finds examples throughout the document', () => {
    expect(examples.length).toBeGreaterThan(100);
  });

  it.each(examples.map((example) => [example.where, example] as const))('%s', (_, example) => {
    expect(validator.problems(example.schemaPointer, example.value)).toEqual([]);
  });

  it('rejects an example that breaks its schema', () => {
    const lead = examples.find((example) => example.schemaPointer === '/components/schemas/Lead');
    expect(lead).toBeDefined();
    expect(validator.problems('/components/schemas/Lead', { ...(lead!.value as object), amount: -1 })).not.toEqual([]);
  });
});
