// Reads HTTP/1.1 answers off a byte stream: status line, headers, and a body by Content-Length,
// chunked, or up to the end of the connection; interim 1xx answers are skipped. Enough to judge
// what the mock sends; a malformed answer is reported as such rather than guessed at.
export type Answer = { status: number; headers: Map<string, string[]>; body: Buffer; at: number };

export class AnswerParser {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly bodiless: (index: number) => boolean;
  readonly answers: Answer[] = [];
  problem: string | undefined;

  /** `bodiless(i)`: answer i has no body whatever its headers say (it answers a HEAD). */
  constructor(bodiless: (index: number) => boolean) {
    this.bodiless = bodiless;
  }

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (!this.problem && this.readOne(false));
  }

  /** The connection ended: a body delimited by the close is complete, anything else left is a problem. */
  end(): void {
    while (!this.problem && this.buffer.length && this.readOne(true));
    if (!this.problem && this.buffer.length)
      this.problem = `the connection ended inside an answer (${this.buffer.length} bytes left: ${JSON.stringify(this.buffer.subarray(0, 120).toString('latin1'))})`;
  }

  private readOne(ended: boolean): boolean {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return false;
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine ?? '');
    if (!status) {
      this.problem = `not a status line: ${JSON.stringify(statusLine?.slice(0, 80))}`;
      return false;
    }
    const headers = new Map<string, string[]>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
    }
    const code = Number(status[1]);
    const rest = this.buffer.subarray(headEnd + 4);
    if (code >= 100 && code < 200) {
      this.buffer = rest;
      return true;
    }
    const body = this.bodyOf(code, headers, rest, ended);
    if (!body) return false;
    this.answers.push({ status: code, headers, body: body.bytes, at: performance.now() });
    this.buffer = rest.subarray(body.used);
    return true;
  }

  private bodyOf(code: number, headers: Map<string, string[]>, rest: Buffer, ended: boolean): { bytes: Buffer; used: number } | undefined {
    if (this.bodiless(this.answers.length) || code === 204 || code === 304) return { bytes: Buffer.alloc(0), used: 0 };
    const length = headers.get('content-length');
    if (length) {
      const size = Number(length[0]);
      return rest.length >= size ? { bytes: rest.subarray(0, size), used: size } : undefined;
    }
    if (headers.get('transfer-encoding')?.some((value) => /chunked/i.test(value))) return dechunk(rest);
    return ended ? { bytes: rest, used: rest.length } : undefined;
  }
}

function dechunk(rest: Buffer): { bytes: Buffer; used: number } | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) {
      const end = rest.indexOf('\r\n\r\n', lineEnd - 2);
      return end < 0 ? undefined : { bytes: Buffer.concat(parts), used: end + 4 };
    }
    if (rest.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
