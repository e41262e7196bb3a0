// Renders the docs with Redoc (through the Redocly CLI), each a static page with Redoc's script
// inlined, no server or CDN needed (Redocly's logo made inline: scripts/docs-offline.ts):
// - docs-dist/index.html: the guide (openapi/guide/NN-*.md, as the document's description, whose
//   headings Redoc makes menu entries) in front of the reference of openapi/dist/crm.json;
// - docs-dist/control.html: the mock's control API (openapi/dist/mock-control.json) with its
//   introduction (openapi/guide/control-page.md).
// Both render a copy of the bundled document made for readers (docs-dist/*.docs.json): spec
// references become links to the guide or go (scripts/docs-spec-refs.ts), and per-status error
// responses list only the codes of their operation and keep the operation's own description of
// them (scripts/docs-error-codes.ts). The contract in openapi/dist/ is left as it is.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { externalFetches, withoutExternalFetches } from './docs-offline.ts';
import { GUIDE_DIR, readGuide, readMarkdown } from './docs-guide.ts';
import { inlineDescribedResponses, narrowErrorResponses } from './docs-error-codes.ts';
import { rewriteDocumentReferences } from './docs-spec-refs.ts';
import { redocly } from './redocly.ts';

export const DOCS_OUTPUT = 'docs-dist/index.html';
export const CONTROL_OUTPUT = 'docs-dist/control.html';

type Page = { source: string; copy: string; output: string; title: string; description: string; guidePage: string };

const pages: Page[] = [
  {
    source: 'openapi/dist/crm.json',
    copy: 'docs-dist/crm.docs.json',
    output: DOCS_OUTPUT,
    title: 'CRM interface: guide and reference (crmkit)',
    description: readGuide(),
    guidePage: '',
  },
  {
    source: 'openapi/dist/mock-control.json',
    copy: 'docs-dist/mock-control.docs.json',
    output: CONTROL_OUTPUT,
    title: 'crmkit mock control API',
    description: readMarkdown(GUIDE_DIR, 'control-page.md'),
    guidePage: 'index.html',
  },
];

// Redoc's options: the stacked layout (samples under the text, not in a third column), where the
// guide's code and tables have the page's width instead of a third of it (the reader can still
// switch views with the button under the menu).
const REDOC_OPTIONS = ['--openapi.layout=stacked'];

mkdirSync('docs-dist', { recursive: true });
for (const page of pages) {
  const document = JSON.parse(readFileSync(page.source, 'utf8'));
  rewriteDocumentReferences(document, page.guidePage);
  // Redoc renders info.description before the operations; its headings become menu entries.
  document.info = { ...document.info, description: page.description };
  const narrowed = narrowErrorResponses(document);
  inlineDescribedResponses(document);
  writeFileSync(page.copy, `${JSON.stringify(document, null, 2)}\n`);
  const status = redocly(['build-docs', page.copy, '--output', page.output, '--title', page.title, '--inlineBundle', ...REDOC_OPTIONS], {
    quiet: true,
  });
  if (status !== 0) process.exit(status);
  // Offline and self-contained: nothing loaded from another host (scripts/docs-offline.ts).
  const html = withoutExternalFetches(readFileSync(page.output, 'utf8'));
  const external = externalFetches(html);
  if (external.length) {
    console.error(`${page.output} would load from other hosts: ${external.join(', ')}`);
    process.exit(1);
  }
  writeFileSync(page.output, html);
  console.log(
    `wrote ${page.output} (${Math.round(statSync(page.output).size / 1024)} KB; ${narrowed} error responses narrowed to their operation)`,
  );
}
