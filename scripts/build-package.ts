// `npm run build` (and `npm pack`, through `prepack`, after `npm run bundle`): compiles src/, conformance/ and scenarios/
// to JavaScript with declarations under dist/, so that the published package runs where Node
// will not strip types (anything under node_modules). tsc rewrites the `.ts` in relative imports
// and copies the OpenAPI documents the code imports; this script copies what it reads at run time
// or only declares: the generated types, the scenario schema, the example stories and the inspector page's files.
import { execFileSync } from 'node:child_process';
import { cpSync, globSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const OUT = 'dist';
rmSync(OUT, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
const copied = [...globSync('src/spec/generated/*.d.ts'), ...globSync('conformance/rules/*.yaml'), 'scenarios/scenario.schema.json', 'scenarios/README.md', ...globSync('scenarios/*.yaml'), ...globSync('src/inspector/page/*')];
for (const file of copied) cpSync(file, `${OUT}/${file}`);
console.log(`built ${OUT}/ (and copied ${copied.length} files)`);
