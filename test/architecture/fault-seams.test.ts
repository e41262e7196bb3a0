// The faults act through the seams the core owns, not as a second copy of its routing (issue 23,
// item 1): no path pattern or URL parse of their own (a fault names its operations by operationId:
// `operations` on the handler seams, `onOperation` on raw requests, routed once by the document),
// no transaction of their own after the answer (a change is written in `aroundHandler`, inside the
// request's), and no memory shared by every mock of a process (`faultMemory`). Every count is 0
// since the port's end (issue 23 item 1 done): a ceiling is never raised.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FAULTS = new URL('../../src/faults/', import.meta.url).pathname;
/**
 * The generated catalog files hold no code that acts; operation-of.ts, addresses.ts and
 * fault-memory.ts are the seams' own (the one routing of a request, the one reading and writing
 * of an address, the one memory per mock) and index.ts switches faults on.
 */
const NOT_FAULTS = new Set([
  'fault-catalog.ts',
  'fault-descriptions.ts',
  'fault-proofs.ts',
  'operation-of.ts',
  'addresses.ts',
  'fault-memory.ts',
  'index.ts',
]);

function faultSources(folder = FAULTS): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return faultSources(path);
    return entry.name.endsWith('.ts') && !NOT_FAULTS.has(entry.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

const count = (pattern: RegExp) => faultSources().reduce((total, text) => total + (text.match(pattern)?.length ?? 0), 0);

/**
 * Ceilings measured at the start of the port (f2b66ca: 193 patterns, 197 parses, 17 transactions,
 * 21 module maps), lowered after it (4, 15, 9, 4) and to 0 once public operations that change a
 * workspace ran in its transaction (http/handler.ts: workspaceOf) and the clock's later changes
 * got their own (workspaces/scheduled-change.ts).
 */
const CEILINGS = {
  'route patterns (a regex literal of a path)': { pattern: /\/\^\\\//g, ceiling: 0 },
  'URL parses (new URL, URL.parse)': { pattern: /new URL\(|URL\.parse\(/g, ceiling: 0 },
  "transactions of a fault's own (transactions.run)": { pattern: /transactions\.run\(/g, ceiling: 0 },
  "memory of a fault's own (a module-level WeakMap by mock or workspace, or a memory() helper), not faultMemory": {
    pattern: /^const \w+ = (?:new WeakMap<(?:MockState|Workspace)\b|memory\b)/gm,
    ceiling: 0,
  },
};

describe('the faults act through the core seams', () => {
  for (const [what, { pattern, ceiling }] of Object.entries(CEILINGS)) {
    it(`${what}: no more than ${ceiling}`, () => {
      const found = count(pattern);
      if (found < ceiling) console.log(`${what}: ${found}, under its ceiling of ${ceiling}: lower the ceiling`);
      expect(found).toBeLessThanOrEqual(ceiling);
    });
  }
});
