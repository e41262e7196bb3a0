#!/usr/bin/env node
// crmkit's command line. In this repository Node runs the TypeScript sources by type stripping;
// the published package has no sources, only their build under dist/ (scripts/build-package.ts).
import { existsSync } from 'node:fs';

const sources = new URL('../src/cli/main.ts', import.meta.url);
await import(existsSync(sources) ? sources.href : new URL('../dist/src/cli/main.js', import.meta.url).href);
