// A small HTTP proxy on 127.0.0.1: forwards each request, path and query kept, to one target
// origin and hands back its answer unchanged (after an added delay, if asked), reporting each
// exchange. The validating proxy (`crmkit proxy`) judges the exchanges; tests use the delay to
// answer late and to shuffle webhook deliveries on their way to the suite's receiver.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { recordExchange, type Exchange } from '../exchange.ts';

export type ForwardingOptions = {
  /** The origin requests go to (`https://api.crm.example`). */
  target: string;
  port?: number;
  host?: string;
  /** Milliseconds to hold each request before forwarding it (drawn per request: requests overtake each other). */
  holdMs?: (request: { method: string; url: string }) => number;
  /** Milliseconds to hold each answer before sending it on (drawn per request). */
  delayMs?: (request: { method: string; url: string }) => number;
  onExchange?: (exchange: Exchange) => void;
};

export type RunningProxy = { url: string; server: Server; close(): Promise<void> };

/** Hop-by-hop headers (RFC 9110 7.6.1) and those the proxy sets itself. */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
  'content-length',
]);

export async function startForwardingProxy(options: ForwardingOptions): Promise<RunningProxy> {
  const target = options.target.replace(/\/+$/, '');
  const agent = new Agent({ connections: 32, headersTimeout: 60_000, bodyTimeout: 60_000 });
  const server = createServer((incoming, outgoing) => {
    forward(incoming, outgoing, target, agent, options).catch((error: Error) => {
      if (outgoing.headersSent) return void outgoing.destroy();
      outgoing.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end(`crmkit proxy: ${target} did not answer: ${(error as { code?: string }).code ?? error.message}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await agent.close();
    },
  };
}

async function forward(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  target: string,
  agent: Agent,
  options: ForwardingOptions,
): Promise<void> {
  const body = await readAll(incoming);
  const method = incoming.method ?? 'GET';
  const headers = forwardedHeaders(incoming.headers);
  const url = `${target}${incoming.url ?? '/'}`;
  await pause(options.holdMs?.({ method, url }));
  const answer = await request(url, { method: method as 'GET', headers, body: body.length ? body : undefined, dispatcher: agent });
  const answerBody = Buffer.from(await answer.body.arrayBuffer());
  await pause(options.delayMs?.({ method, url }));
  const back = forwardedHeaders(answer.headers);
  outgoing.writeHead(answer.statusCode, { ...back, ...cookiesOf(answer.headers), 'content-length': String(answerBody.length) });
  outgoing.end(method === 'HEAD' ? undefined : answerBody);
  options.onExchange?.(
    recordExchange({
      method,
      url,
      requestHeaders: headers,
      requestBody: body.length ? body.toString('utf8') : undefined,
      status: answer.statusCode,
      responseHeaders: answer.headers,
      text: answerBody.toString('utf8'),
      sentRequestId: headers['x-request-id'],
    }),
  );
}

async function pause(ms: number | undefined): Promise<void> {
  if (ms && ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

function forwardedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_FORWARDED.has(name.toLowerCase()) || name.toLowerCase() === 'set-cookie') continue;
    kept[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/** Set-Cookie stays a list: its values cannot be joined with commas. */
function cookiesOf(headers: Record<string, string | string[] | undefined>): Record<string, string[]> {
  const cookies = headers['set-cookie'];
  return cookies === undefined ? {} : { 'set-cookie': [cookies].flat() };
}

async function readAll(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
