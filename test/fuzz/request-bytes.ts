// One HTTP/1.1 request as the bytes a fuzz case sends: the request line, the headers as given
// (duplicates, odd names and all) and the body framed by Content-Length, chunked, or not at all.
export type Framing = 'length' | 'chunked' | 'none';

export type RawRequest = {
  method: string;
  target: string;
  version?: string;
  headers: [string, string][];
  body?: Buffer;
  framing?: Framing;
};

export function requestBytes({ method, target, version = 'HTTP/1.1', headers, body, framing = 'length' }: RawRequest): Buffer {
  const lines = [`${method} ${target} ${version}`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  if (body && framing === 'length') lines.push(`Content-Length: ${body.byteLength}`);
  if (body && framing === 'chunked') lines.push('Transfer-Encoding: chunked');
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  if (!body) return head;
  if (framing !== 'chunked') return Buffer.concat([head, body]);
  return Buffer.concat([head, Buffer.from(`${body.byteLength.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
}
