// Generates src/faults/fault-catalog.ts from the fault modules (render-fault-catalog.ts).
// `--check` only compares, and fails when the committed file is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { FAULT_CATALOG_FILE, renderFaultCatalog } from './render-fault-catalog.ts';

const fresh = await renderFaultCatalog();
if (!process.argv.includes('--check')) {
  writeFileSync(FAULT_CATALOG_FILE, fresh);
  console.log('wrote src/faults/fault-catalog.ts');
} else if (!existsSync(FAULT_CATALOG_FILE) || readFileSync(FAULT_CATALOG_FILE, 'utf8') !== fresh) {
  console.error('src/faults/fault-catalog.ts is stale: run `npm run fault-catalog`');
  process.exit(1);
} else console.log('the fault catalog is up to date');
