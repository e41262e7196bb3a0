// Generates src/faults/fault-catalog.ts and fault-descriptions.ts from the fault modules
// (render-fault-catalog.ts). `--check` only compares, and fails when a committed file is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FAULT_CATALOG_FILES, renderFaultCatalog } from './render-fault-catalog.ts';

const fresh = await renderFaultCatalog();
const check = process.argv.includes('--check');
for (const [key, file] of Object.entries(FAULT_CATALOG_FILES) as [keyof typeof FAULT_CATALOG_FILES, URL][]) {
  const path = fileURLToPath(file);
  if (!check) {
    writeFileSync(file, fresh[key]);
    console.log(`wrote ${path}`);
  } else if (!existsSync(file) || readFileSync(file, 'utf8') !== fresh[key]) {
    console.error(`${path} is stale: run \`npm run fault-catalog\``);
    process.exit(1);
  }
}
if (check) console.log('the fault catalog is up to date');
