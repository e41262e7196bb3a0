// Generates TypeScript types from the bundled documents into src/spec/generated/<name>.d.ts.
// `--check` only compares, and fails when a committed file is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { renderDocumentTypes, TYPED_DOCUMENTS } from './render-types.ts';

const check = process.argv.includes('--check');
let stale = false;
for (const name of TYPED_DOCUMENTS) {
  const target = new URL(`../src/spec/generated/${name}.d.ts`, import.meta.url);
  const fresh = await renderDocumentTypes(name);
  if (!check) {
    writeFileSync(target, fresh);
    console.log(`wrote src/spec/generated/${name}.d.ts`);
  } else if (!existsSync(target) || readFileSync(target, 'utf8') !== fresh) {
    console.error(`src/spec/generated/${name}.d.ts is stale: run \`npm run types\``);
    stale = true;
  }
}
if (check && !stale) console.log('generated types are up to date');
if (stale) process.exit(1);
