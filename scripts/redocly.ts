// Runs the Redocly CLI (bundler, linter, docs renderer) quietly and offline.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));

export function redocly(args: string[], { quiet = false } = {}): number {
  const result = spawnSync(bin, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (quiet && result.status !== 0) process.stderr.write(`${result.stdout}${result.stderr}`);
  return result.status ?? 1;
}
