// RFC 9112 3.2: "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1
// request message that lacks a Host header field and to any request message that contains more
// than one Host header field line or a Host header field with an invalid field value." The value
// is `uri-host [ ":" port ]` (RFC 9110 7.2): a bracketed IP literal or a reg-name / IPv4 address.
// The Host header is checked and kept in the Request's headers, never used for routing.
import type { IncomingMessage } from 'node:http';

const HOST = /^(?:\[[0-9A-Za-z:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)(?::[0-9]*)?$/;

/** Why the request's Host header breaks RFC 9112 3.2, or undefined when it is sound. */
export function hostProblem(incoming: IncomingMessage, authority: string | undefined): string | undefined {
  const hosts: string[] = [];
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    if (incoming.rawHeaders[i]!.toLowerCase() === 'host') hosts.push(incoming.rawHeaders[i + 1]!);
  }
  if (hosts.length > 1) return 'The request has more than one Host header.';
  if (hosts.length === 0 && authority === undefined && incoming.httpVersion === '1.1') return 'An HTTP/1.1 request needs a Host header.';
  const host = authority ?? hosts[0];
  if (host !== undefined && !HOST.test(host))
    return `The Host ${JSON.stringify(host.slice(0, 80))} is not a host name with an optional port.`;
  return undefined;
}
