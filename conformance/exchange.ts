// One request the suite sent and the answer it got, with the document's operation when the path
// is one of its routes: what observers judge and what a failure shows a person.
import type { Operation } from '../src/spec/operation-index.ts';

export type Exchange = {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: any;
  operation: Operation | undefined;
  /** The request id the suite sent, when it sent one. */
  sentRequestId: string | undefined;
};

const EXCERPT = 600;

/** The request and the start of the answer, as a failure shows them. */
export function describeExchange(exchange: Exchange): string {
  const { request } = exchange;
  const body = request.body ? `\n  ${request.body.slice(0, 200)}${request.body.length > 200 ? '…' : ''}` : '';
  const answer = exchange.text.slice(0, EXCERPT) + (exchange.text.length > EXCERPT ? '…' : '');
  return `${request.method} ${request.url}${body}\n→ ${exchange.status} ${exchange.headers['content-type'] ?? ''}\n  ${answer}`;
}
