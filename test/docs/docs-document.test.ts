// The copies of the documents that `npm run docs` renders (docs-dist/*.docs.json, made by
// scripts/build-docs.ts): the guide in front, no reference to a spec section the reader does not
// have, links that land on a guide section, and error lists narrowed to their operation.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_CONCERNS, narrowErrorResponses, resolve } from '../../scripts/docs-error-codes.ts';
import { readGuide, readMarkdown, sectionAnchor } from '../../scripts/docs-guide.ts';
import { rewriteSpecReferences } from '../../scripts/docs-spec-refs.ts';
import { loadDocument } from '../../src/spec/document.ts';

const read = (path: string) => {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run docs\` first`);
  return JSON.parse(readFileSync(path, 'utf8'));
};

function texts(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => texts(item, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'description' || key === 'summary' || key === 'title') && typeof value === 'string') out.push(value);
      else texts(value, out);
    }
  }
  return out;
}

/** Every heading of a guide text, as Redoc routes to it: `/section/h1` and `/section/h1/h2`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let top = '';
  for (const [, hashes, heading] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^(#{1,2}) (.+)$/gm)) {
    if (hashes === '#') top = heading!;
    anchors.add(hashes === '#' ? sectionAnchor(heading!) : sectionAnchor(top, heading!));
  }
  return anchors;
}

describe('rewriting spec references', () => {
  it('links a reference to the guide section that explains it, and drops the others', () => {
    expect(rewriteSpecReferences('Who the credential is (spec 4.1).')).toBe('Who the credential is.');
    expect(rewriteSpecReferences('At most 250 (spec 4.2, 8).')).toBe('At most 250 (see [Limits](#/section/limits)).');
    expect(rewriteSpecReferences('Verify first (spec 6.2).', 'index.html')).toBe('Verify first (see [Verifying signatures](index.html#/section/receiving-webhooks/verifying-signatures)).');
    expect(rewriteSpecReferences('Reserved (first-party web app only, spec 4.6).')).toBe('Reserved (first-party web app only).');
    expect(rewriteSpecReferences('Query limits of spec 8 answer 422.')).toBe('Query limits (see [Limits](#/section/limits)) answer 422.');
    expect(rewriteSpecReferences('An item (spec 2.10 lists `attachments` as an array).')).toBe('An item (the specification lists `attachments` as an array).');
    expect(rewriteSpecReferences('Who did it (spec README, reading 1).')).toBe('Who did it.');
  });

  it('leaves code and everything else of the text alone', () => {
    const code = 'Example:\n\n```python\nif sep:\n    parts[key.strip()] = value.strip()\n```\n(see below) and `f()`.';
    expect(rewriteSpecReferences(code)).toBe(code);
  });
});

describe('the rendered copy of the CRM document', () => {
  let crm: any;
  let control: any;
  beforeAll(() => {
    crm = read('docs-dist/crm.docs.json');
    control = read('docs-dist/mock-control.docs.json');
  });

  it('has the guide as its description, includes resolved', () => {
    expect(crm.info.description).toBe(readGuide());
    expect(crm.info.description).not.toContain('<!-- include');
    expect(crm.info.description).toContain('export function verifyWebhook(');
    expect(crm.info.description).toContain('def verify_webhook(');
    expect(crm.info.description).toContain('function verify_webhook(');
    expect(control.info.description).toBe(readMarkdown('openapi/guide', 'control-page.md'));
  });

  it('names no section of a specification the reader does not have', () => {
    const left = [...texts(crm), ...texts(control)].filter((text) => /\bspec(?:ification)? \d|\bspec README|\bspec \d/i.test(text));
    expect(left).toEqual([]);
  });

  it('links only to guide sections that exist, and between the two pages', () => {
    const guideAnchors = anchorsOf(readGuide());
    const controlAnchors = anchorsOf(control.info.description);
    const links = (document: unknown) => texts(document).flatMap((text) => [...text.matchAll(/\]\(([^)\s]*)\)/g)].map((match) => match[1]!));
    for (const link of links(crm)) {
      if (/^https?:/.test(link) || link === 'control.html') continue;
      expect(guideAnchors, link).toContain(link.replace(/^#/, ''));
    }
    for (const link of links(control)) {
      if (link === 'index.html') continue;
      if (link.startsWith('index.html#')) expect(guideAnchors, link).toContain(link.replace('index.html#', ''));
      else expect(controlAnchors, link).toContain(link.replace(/^#/, ''));
    }
    expect(crm.info.description).toContain('](control.html)');
    expect(control.info.description).toContain('](index.html)');
  });

  it('lists for each operation only the codes that concern it', () => {
    const codes = (reference: any) => {
      const answer = reference.$ref ? resolve(crm, reference.$ref) : reference;
      return answer.content['application/json'].schema.oneOf.map((option: any) => resolve(crm, option.$ref)?.['x-error-code']).filter(Boolean);
    };
    const createLead = crm.paths['/v1/leads'].post.responses;
    expect(codes(createLead['409'])).toEqual(['no_pipeline', 'duplicate_lead']);
    expect(Object.keys(createLead['409'].content['application/json'].examples)).toEqual(['no_pipeline', 'duplicate_lead']);
    expect(createLead['409'].description).toContain('duplicate_lead');
    expect(codes(createLead['403'])).not.toContain('edit_window_closed');
    expect(codes(createLead['403'])).toContain('missing_scope');
    expect(codes(crm.paths['/v1/api-keys/whoami'].get.responses['400'])).not.toContain('invalid_cursor');
    expect(codes(crm.paths['/v1/leads'].get.responses['400'])).toContain('invalid_cursor');
    expect(codes(crm.paths['/v1/query/{entity}'].post.responses['422'])).toContain('too_many_conditions');
  });

  it('names only operations the document has, and leaves the contract itself whole', () => {
    const document = loadDocument('crm') as any;
    const operationIds = new Set(Object.values<any>(document.paths).flatMap((item) => Object.values<any>(item).map((op) => op?.operationId).filter(Boolean)));
    const source = readFileSync('scripts/docs-error-codes.ts', 'utf8');
    for (const [, names] of source.matchAll(/named\(([^)]*)\)/g)) {
      for (const [, name] of names!.matchAll(/'([A-Za-z]+)'/g)) expect(operationIds, name).toContain(name);
    }
    for (const code of Object.keys(CODE_CONCERNS)) expect(Object.values<any>(document.components.schemas).some((schema) => schema['x-error-code'] === code), code).toBe(true);
    const before = JSON.stringify(document.paths['/v1/leads'].post.responses['409']);
    narrowErrorResponses(structuredClone(document));
    expect(JSON.stringify(document.paths['/v1/leads'].post.responses['409'])).toBe(before);
  });
});
