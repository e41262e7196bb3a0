// `crmkit mock` as a child process: started on port 0, read until its banner's last line (`try: ...`).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

const REPO_BIN = fileURLToPath(new URL('../../bin/crmkit.js', import.meta.url));

/**
 * Starts `crmkit mock --port 0 ...args` (this repository's bin unless told), runs `use` with the
 * base URL and key it prints (the public URL with `--public-url`; the banner has the listening
 * address too) and its whole banner, stops it.
 */
export async function withCrmkitMock(
  args: string[],
  use: (url: string, key: string, banner: string) => Promise<void>,
  bin = REPO_BIN,
): Promise<void> {
  const child = spawn(process.execPath, [bin, 'mock', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  endWithTheTest(child);
  try {
    let output = '';
    for await (const chunk of child.stdout) {
      output += chunk;
      if (/^ {2}try\b.*\n/m.test(output)) break;
    }
    const url = /base_url\s+(\S+)/.exec(output)?.[1];
    const key = /owner API key\s+(\S+)/.exec(output)?.[1];
    if (!url || !key) throw new Error(`crmkit mock printed no URL and key:\n${output}`);
    await use(url, key, output);
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Kills the child when the test that started it ends, also by its time limit, which leaves the
 * test's code hanging and its `finally` unrun (issue 24: a timed-out test left a `crmkit mock`
 * running). Started in a hook rather than a test, the hook's own `finally` stands.
 */
export function endWithTheTest(child: ChildProcess): void {
  try {
    onTestFinished(() => void child.kill('SIGKILL'));
  } catch {
    // Not inside a test.
  }
}
