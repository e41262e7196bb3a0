// `crmkit --version`: the version of the package this command line belongs to, read from its
// package.json (next to src/ in this repository, next to dist/ in the published package).
import { existsSync, readFileSync } from 'node:fs';

export function packageVersion(): string {
  for (let dir = new URL('.', import.meta.url); dir.pathname !== '/'; dir = new URL('..', dir)) {
    const file = new URL('package.json', dir);
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === 'crmkit' && manifest.version) return manifest.version;
  }
  return 'unknown';
}
