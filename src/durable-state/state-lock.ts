// One `crmkit mock` per state file: two appending to one journal would interleave their entries
// and damage it. `FILE.lock` holds the process id of the mock using FILE; a lock whose process is
// gone (killed) is taken over, and so are the temporary copies a killed compaction left
// (`FILE.<pid>.tmp`, `FILE.journal.<pid>.tmp`): whole copies of the state, secrets and all, that
// nothing would ever remove (issue 24).
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { StateFileError } from './state-file-error.ts';

/** Takes FILE's lock for this process; throws StateFileError when a live process holds it. Returns its release. */
export function lockStateFile(path: string): () => void {
  const lockPath = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      removeStaleTemporaries(path);
      return () => unlinkSync(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new StateFileError(`the state file ${path} cannot be locked (${(error as NodeJS.ErrnoException).code})`);
    }
    const holder = Number(readIfThere(lockPath));
    if (holder !== process.pid && isAlive(holder))
      throw new StateFileError(`the state file ${path} is in use by another crmkit mock (process ${holder}; ${lockPath})`);
    // Left by a mock that was killed: taken over.
    try {
      unlinkSync(lockPath);
    } catch {
      // Another mock took it over first: the next attempt finds out whose it is.
    }
  }
  throw new StateFileError(`the state file ${path} cannot be locked: another mock took ${lockPath} meanwhile`);
}

/** With the lock held, every temporary copy of FILE or its journal is a killed mock's: removed. */
function removeStaleTemporaries(path: string): void {
  const name = basename(path);
  const temporary = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\.journal)?\\.\\d+\\.tmp$`);
  for (const entry of readdirSync(dirname(path))) {
    if (!temporary.test(entry)) continue;
    try {
      unlinkSync(join(dirname(path), entry));
    } catch {
      // Gone already, or not ours to remove: the start goes on.
    }
  }
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
