// `crmkit mock --state FILE` as a child process that a test may kill in any way (kill -9, SIGHUP)
// and start again from the same file: its URL, workspace and owner key, and what it wrote to stderr.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/crmkit.js', import.meta.url));

export type StateMock = {
  child: ChildProcessWithoutNullStreams;
  url: string;
  key: string;
  workspaceId: string;
  stderr: () => string;
  /** Resolves to the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
};

const started: ChildProcessWithoutNullStreams[] = [];

/** Starts the mock; rejects with what it printed when it ends before printing its key. */
export async function startStateMock(stateFile: string, env: Record<string, string> = {}, args: string[] = []): Promise<StateMock> {
  const child = spawn(process.execPath, [bin, 'mock', '--port', '0', '--host', '127.0.0.1', '--state', stateFile, ...args], {
    env: { ...process.env, ...env },
  });
  started.push(child);
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  let output = '';
  for await (const chunk of child.stdout) {
    output += chunk;
    if (output.includes('owner API key')) break;
  }
  const field = (name: string) => new RegExp(`${name}\\s+(\\S+)`).exec(output)?.[1] ?? '';
  if (!field('owner API key')) throw new Error(`crmkit mock did not start (${await exited}): ${errors}`);
  return { child, url: field('base_url'), key: field('owner API key'), workspaceId: field('workspace'), stderr: () => errors, exited };
}

/** Runs `crmkit mock --state FILE` expecting it not to start: its exit code and stderr. */
export async function failedStart(stateFile: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, [bin, 'mock', '--port', '0', '--state', stateFile]);
  started.push(child);
  let [stderr, stdout] = ['', ''];
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const [code] = await once(child, 'exit');
  clearTimeout(timer);
  return { code: code as number | null, stderr, stdout };
}

/** Sends `signal` (SIGTERM: a clean stop) and resolves to the exit code, or the signal's name. */
export async function stopStateMock(mock: StateMock, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string> {
  if (mock.child.exitCode === null && mock.child.signalCode === null) mock.child.kill(signal);
  return mock.exited;
}

export function killStarted(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
