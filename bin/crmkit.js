#!/usr/bin/env node
// crmkit's command line. In this repository Node runs the TypeScript sources by type stripping;
// the published package has no sources, only their build under dist/ (scripts/build-package.ts).
// An older Node than package.json's `engines` gets one line and exit status 2 before any of them loads.
import { existsSync } from 'node:fs';
import { oldNodeLine } from './node-version.js';

const tooOld = oldNodeLine(process.versions.node);
if (tooOld) {
  process.stderr.write(`${tooOld}\n`);
  process.exit(2);
}
const sources = new URL('../src/cli/main.ts', import.meta.url);
await import(existsSync(sources) ? sources.href : new URL('../dist/src/cli/main.js', import.meta.url).href);
