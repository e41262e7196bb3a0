// A request body as the web stream the core reads, over the IncomingMessage's own events rather
// than Readable.toWeb: cancelling a toWeb stream destroys the message and with it the socket,
// before the answer (413 body_too_large) is written. Cancelled here, the stream lets go and the
// rest of the body is drained by node:http, so the client, which may still be sending, reads its
// answer instead of a reset (RFC 9112 9.6). It fails, with the reason, when the request is cut
// (the parser failed inside the body: node/in-flight.ts) or the connection ends before the body.
import type { IncomingMessage } from 'node:http';

const HIGH_WATER_MARK = 64 * 1024;

export function bodyStream(incoming: IncomingMessage, cut: AbortSignal): ReadableStream<Uint8Array> {
  let detach = () => undefined as void;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onClose = () => {
          if (incoming.complete) return;
          detach();
          controller.error('The request body ended before its declared length.');
        };
        const onCut = () => {
          detach();
          controller.error(cut.reason);
        };
        incoming.on('data', onData).once('end', onEnd).once('close', onClose).on('error', onClose);
        cut.addEventListener('abort', onCut, { once: true });
        detach = () => {
          incoming.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
          cut.removeEventListener('abort', onCut);
        };
        incoming.pause();
      },
      pull() {
        incoming.resume();
      },
      cancel() {
        // No listener left: a flowing message discards the rest of the body.
        detach();
        incoming.resume();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}
