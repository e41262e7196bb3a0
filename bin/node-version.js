// The Node crmkit's command line needs, checked before it imports anything that would break on an
// older one (undici fails on Node 20 with "Cannot read properties of undefined (reading 'bind')").
// Plain JavaScript of the oldest syntax, so that Node 18 and 20 can run it; the minimum is
// package.json's `engines` (next to bin/ in the repository and in the published package).
import { readFileSync } from 'node:fs';

/** The minimum `engines.node` states (`>=22.19.0` gives [22, 19]). */
export function minimumNode() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const [major, minor] = /(\d+)\.(\d+)/.exec(manifest.engines.node).slice(1).map(Number);
  return [major, minor];
}

/** One line saying what Node crmkit needs and how to get it, or undefined when `version` is new enough. */
export function oldNodeLine(version, [major, minor] = minimumNode()) {
  const [givenMajor, givenMinor] = version.split('.').map(Number);
  if (givenMajor > major || (givenMajor === major && givenMinor >= minor)) return undefined;
  return `crmkit needs Node ${major}.${minor} or later (or Node 24); this is Node ${version}. `
    + 'In a project: npm i -D node@24 (npx crmkit then runs on it); or nvm install 24.';
}
