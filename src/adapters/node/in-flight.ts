// The answers still being written on each connection. node:http answers pipelined requests in
// order; an answer written straight onto the socket (a refused request after them) waits for
// those before it, or it would land in the middle of theirs. When the parser fails inside a
// request's body (bad chunk sizes, the connection ending early, too slow), that request is cut:
// its body reading fails with the parser's reason, and its own answer is the refusal.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export type Pending = { incoming: IncomingMessage; outgoing: ServerResponse; cut: AbortController; done: Promise<void> };

const pending = new WeakMap<Duplex, Set<Pending>>();

export function track(incoming: IncomingMessage, outgoing: ServerResponse): Pending {
  let answers = pending.get(incoming.socket);
  if (!answers) pending.set(incoming.socket, (answers = new Set()));
  const entry: Pending = {
    incoming,
    outgoing,
    cut: new AbortController(),
    done: new Promise<void>((resolve) => outgoing.once('close', resolve)),
  };
  answers.add(entry);
  void entry.done.then(() => answers.delete(entry));
  return entry;
}

/** The request on this connection whose body the parser was still reading, if any. */
export function unfinished(socket: Duplex): Pending | undefined {
  return [...(pending.get(socket) ?? [])].find((entry) => !entry.incoming.complete);
}

/** When the answers to the requests read whole on this connection are written. */
export async function answered(socket: Duplex): Promise<void> {
  await Promise.all([...(pending.get(socket) ?? [])].filter((entry) => entry.incoming.complete).map((entry) => entry.done));
}

/**
 * Connections on which a request was refused as malformed on arrival (its target or Host): the
 * answer closes them, and the requests pipelined behind it are never run (issue 24: one that ran
 * was never answered, so a client that retried it wrote twice). Marked while the request is read,
 * before node:http hands over the next one.
 */
const refusedConnections = new WeakSet<Duplex>();

export function refuseLaterRequests(socket: Duplex): void {
  refusedConnections.add(socket);
}

export function afterRefusal(socket: Duplex): boolean {
  return refusedConnections.has(socket);
}
