// The load of the HTTP benchmark: wrk (a load generator written in C, from Debian's packages;
// scripts/ensure-debian-package.sh installs it) with one thread and 16 keep-alive connections, in a
// process of its own. A load generator in Node costs more than raw node:http answering it: the
// first version of this benchmark used one, and capped raw node:http at about half of its rate,
// which made every ratio look twice as good as it is.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number };

export type LoadRequest = { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; body?: string };

const run = promisify(execFile);

export async function load(request: LoadRequest, { seconds = 3, connections = 16 } = {}): Promise<LoadResult> {
  const directory = await mkdtemp(join(tmpdir(), 'crmkit-bench-'));
  try {
    const script = join(directory, 'request.lua');
    await writeFile(script, luaScript(request));
    const { stdout } = await run('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, request.url]);
    return parse(stdout);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The request as wrk's Lua settings; strings go through JSON, whose escapes Lua reads the same way for this text. */
function luaScript({ method, headers = {}, body }: LoadRequest): string {
  const lines = [`wrk.method = ${JSON.stringify(method)}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`);
  if (body !== undefined) lines.push(`wrk.body = ${JSON.stringify(body)}`);
  return `${lines.join('\n')}\n`;
}

function parse(output: string): LoadResult {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\b/m.exec(output);
  if (!rate || !p99) throw new Error(`cannot read wrk's report:\n${output}`);
  const toMs = { us: 0.001, ms: 1, s: 1000 }[p99[2] as 'us' | 'ms' | 's'];
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return { requestsPerSecond: Number(rate[1]), p99Ms: Number(p99[1]) * toMs, errors: non2xx + socketErrors };
}
