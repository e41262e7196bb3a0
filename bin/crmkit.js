#!/usr/bin/env node
// crmkit's command line. The sources are TypeScript that Node (>= 22.18) runs by type stripping.
import '../src/cli/main.ts';
