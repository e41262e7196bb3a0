// A small closed-loop load generator: `concurrency` clients send requests back to back for
// `seconds`, over keep-alive connections; it answers requests per second and the p99 latency.
import { Agent, request } from 'undici';

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number };

export type LoadRequest = { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; body?: string };

export async function load(next: () => LoadRequest, { seconds = 3, concurrency = 16 } = {}): Promise<LoadResult> {
  const agent = new Agent({ connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const { method, url, headers, body } = next();
      const started = performance.now();
      const response = await request(url, { method, headers, body, dispatcher: agent });
      await response.body.text();
      latencies.push(performance.now() - started);
      if (response.statusCode >= 400) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  return { requestsPerSecond: latencies.length / elapsed, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0, errors };
}
