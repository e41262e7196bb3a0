// One request the suite sent and the answer it got, with the document's operation when the path
// is one of its routes: what observers judge and what a failure shows a person.
import { createApi } from '../src/http/api.ts';
import { loadDocument } from '../src/spec/document.ts';
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

/** A request behind a verdict, as a comparison of two runs lists it: what was sent where, and the answer's status. */
export type RequestLine = { method: string; path: string; status: number };

export function requestLine({ request, status }: Exchange): RequestLine {
  const { pathname, search } = new URL(request.url);
  return { method: request.method, path: pathname + search, status };
}

/** What a verdict shows of the exchanges behind it: the text a person reads and each request's line, either left out when empty. */
export type Shown = { evidence?: string; requests?: RequestLine[] };

export function shownOf({ evidence, requests }: Shown): Shown {
  return { ...(evidence ? { evidence } : {}), ...(requests?.length ? { requests } : {}) };
}

const documented = createApi(loadDocument('crm'));

/** What was sent and what came back, as the suite's client and the validating proxy record it. */
export type Recorded = {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | undefined;
  status: number;
  responseHeaders: Record<string, string | string[] | undefined>;
  text: string;
  sentRequestId: string | undefined;
};

/** The exchange, with the document's operation when the path is one of its routes. */
export function recordExchange(recorded: Recorded): Exchange {
  return {
    request: { method: recorded.method, url: recorded.url, headers: recorded.requestHeaders, body: recorded.requestBody },
    status: recorded.status,
    headers: flatHeaders(recorded.responseHeaders),
    text: recorded.text,
    json: parseJson(recorded.text),
    operation: operationOf(recorded.method, recorded.url),
    sentRequestId: recorded.sentRequestId,
  };
}

function operationOf(method: string, url: string): Operation | undefined {
  const match = documented.router.match(method, new URL(url).pathname);
  return match.kind === 'found' ? match.operation : undefined;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, [value].flat().join(', ')]])),
  );
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
