// The files the README's "In your project" section shows: each ```ts block there that opens with a
// comment naming its file (`// vitest.config.ts`). The package tests write them into a new project
// as they are, so that what the README says is what runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './packed-project.ts';

const SECTION = /^## In your project\n([\s\S]*?)^## /m;
const NAMED_BLOCK = /^```ts\n\/\/ (\S+)\n([\s\S]*?)^```$/gm;

/** File name -> contents, in the order the README shows them. */
export function readmeFiles(): Map<string, string> {
  const section = SECTION.exec(readFileSync(join(REPO, 'README.md'), 'utf8'))?.[1];
  if (!section) throw new Error('README.md has no "## In your project" section');
  return new Map([...section.matchAll(NAMED_BLOCK)].map(([, name, code]) => [name!, code!]));
}
