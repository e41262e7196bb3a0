// The webhook receiver a scenario run starts: node:http on 127.0.0.1, port 0 (or the port given,
// behind a tunnel a deployment can reach). It keeps every request with its parsed body and the
// status it answered, and answers as the story says (`receiver:` steps), per path or for all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceiverAnswer } from './types.ts';

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  raw: string;
  /** The status the receiver answered. */
  answered: number;
};

export type Receiver = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedRequest[];
  answer(rule: ReceiverAnswer): void;
  close(): Promise<void>;
};

const ALL_PATHS = '*';

export async function startReceiver(port = 0): Promise<Receiver> {
  const answers = new Map<string, ReceiverAnswer>([[ALL_PATHS, { status: 200, body: '{"received":true}' }]]);
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const answer = answers.get(path.split('?')[0]!) ?? answers.get(ALL_PATHS) ?? { status: 200 };
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ method: request.method ?? '', path, headers: flat(request.headers), body: parse(raw), raw, answered: answer.status });
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(rule) {
      // An answer for every path replaces the answers given for single paths before it.
      if (rule.path === undefined) answers.clear();
      answers.set(rule.path ?? ALL_PATHS, rule);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function flat(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, [value].flat().join(', ')]])));
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
