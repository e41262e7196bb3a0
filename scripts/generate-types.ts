// Generates TypeScript types from the bundled document into src/spec/generated/crm.d.ts.
// `--check` only compares, and fails when the committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderDocumentTypes } from './render-types.ts';

const target = new URL('../src/spec/generated/crm.d.ts', import.meta.url);
const fresh = await renderDocumentTypes();

if (process.argv.includes('--check')) {
  const committed = readFileSync(target, 'utf8');
  if (committed !== fresh) {
    console.error('src/spec/generated/crm.d.ts is stale: run `npm run types`');
    process.exit(1);
  }
  console.log('generated types are up to date');
} else {
  writeFileSync(target, fresh);
  console.log('wrote src/spec/generated/crm.d.ts');
}
