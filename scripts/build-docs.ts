// Renders the API reference from the bundled document into docs-dist/index.html with Redoc
// (through the Redocly CLI): one static page with Redoc's script inlined, no server or CDN needed.
import { redocly } from './redocly.ts';

export const DOCS_OUTPUT = 'docs-dist/index.html';

const status = redocly(['build-docs', 'openapi/dist/crm.json', '--output', DOCS_OUTPUT, '--title', 'CRM interface reference (crmkit)', '--inlineBundle'], { quiet: true });
if (status !== 0) process.exit(status);
console.log(`wrote ${DOCS_OUTPUT}`);
