// Fuzz cases over raw sockets (node:net): what a case sends is exactly its bytes, framing errors
// included, which no HTTP client library would send. A keep-alive case reuses a connection and
// waits for one answer per request; an `alone` case gets a connection of its own, half-closes it
// after sending (so that a body shorter than its Content-Length ends) and reads every answer
// until the server closes.
import { connect, type Socket } from 'node:net';
import { AnswerParser, type Answer } from './answer-parser.ts';

export type Exchange = { answers: Answer[]; problem?: string | undefined; timedOut: boolean; started: number };

export type ExchangeOptions = { expected: number; alone: boolean; bodiless: (index: number) => boolean; timeoutMs: number };

export class Connection {
  private parser: AnswerParser | undefined;
  private onChange: (() => void) | undefined;
  ended = false;

  private readonly socket: Socket;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.parser?.push(chunk);
      this.onChange?.();
    });
    const end = () => {
      if (this.ended) return;
      this.ended = true;
      this.parser?.end();
      this.onChange?.();
    };
    socket.on('end', end);
    socket.on('close', end);
    socket.on('error', end);
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true, noDelay: true });
      socket.once('connect', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends `bytes` and collects the answers: `expected` of them, or all until the close for an `alone` case. */
  exchange(bytes: Buffer, { expected, alone, bodiless, timeoutMs }: ExchangeOptions): Promise<Exchange> {
    const parser = (this.parser = new AnswerParser(bodiless));
    const started = performance.now();
    return new Promise((resolve) => {
      const finish = (timedOut: boolean) => {
        clearTimeout(timer);
        this.onChange = undefined;
        resolve({ answers: parser.answers, problem: parser.problem, timedOut, started });
      };
      const timer = setTimeout(() => finish(true), timeoutMs);
      this.onChange = () => {
        if (parser.problem || this.ended || (!alone && parser.answers.length >= expected)) finish(false);
      };
      this.socket.write(bytes, () => undefined);
      if (alone) this.socket.end();
    });
  }

  /** Whether the connection can carry another case: open, and its last answer did not say `Connection: close`. */
  reusable(last: Answer | undefined): boolean {
    return !this.ended && !this.socket.destroyed && !last?.headers.get('connection')?.some((value) => /close/i.test(value));
  }

  close(): void {
    this.socket.destroy();
  }
}
