// An answer written straight onto a socket, where node:http has no ServerResponse to write it
// with: a request its parser refused (client-error.ts) or a CONNECT. HTTP/1.1, the core's
// headers and body, and `Connection: close`: after such a request the connection cannot go on.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { heldTextOf } from '../../wire/held-body.ts';

export async function writeRawAnswer(socket: Duplex, response: Response): Promise<void> {
  const text = heldTextOf(response);
  const body = text !== undefined ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? 'Unknown'}`];
  for (const [name, value] of response.headers) if (name !== 'set-cookie' && name !== 'connection') lines.push(`${name}: ${value}`);
  for (const cookie of response.headers.getSetCookie()) lines.push(`set-cookie: ${cookie}`);
  lines.push(`date: ${new Date().toUTCString()}`, `content-length: ${body.byteLength}`, 'connection: close', '', '');
  if (!socket.writable) return void socket.destroy();
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]));
}
