// An app's server for the OAuth tests, on the shared webhook receiver (harness/webhook-receiver.ts):
// its redirect URI answers a small page (where a browser lands after consent), and its webhook URL
// takes the lifecycle events (spec 6.5), refusing as many as it is told to (a server that is down).
import { signatureParts, signatureValid as signedWith } from '../../conformance/kits/webhook-signature.ts';
import { WebhookReceiver, type ReceivedRequest } from '../../harness/webhook-receiver.ts';

const CALLBACK = '/callback';
const LIFECYCLE = '/lifecycle';
const PAGE = '<!doctype html><title>Connected</title><p>Back at the app.</p>';

export type AppServer = {
  origin: string;
  redirectUri: string;
  webhookUrl: string;
  /** Every lifecycle POST, refused ones included. */
  attempts(): ReceivedRequest[];
  /** The lifecycle events the app accepted. */
  events(): ReceivedRequest[];
  /** Answers the next `count` lifecycle POSTs 503. */
  refuseNext(count: number): void;
  /** The first accepted event that matches, once it has arrived (deliveries run after the change commits). */
  waitFor(match: (event: ReceivedRequest) => boolean, timeoutMs?: number): Promise<ReceivedRequest>;
  close(): Promise<void>;
};

export async function startAppServer(): Promise<AppServer> {
  const receiver = await WebhookReceiver.start();
  let refusals = 0;
  receiver.answer(CALLBACK, () => ({ status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: PAGE }));
  receiver.answer(LIFECYCLE, () => (refusals > 0 && refusals-- > 0 ? { status: 503, body: '' } : { status: 204, body: '' }));
  const attempts = () => receiver.requestsTo(LIFECYCLE, (request) => request.method === 'POST');
  const accepted = (request: ReceivedRequest) => request.method === 'POST' && request.path === LIFECYCLE && request.answered === 204;
  return {
    origin: receiver.origin,
    redirectUri: receiver.url(CALLBACK),
    webhookUrl: receiver.url(LIFECYCLE),
    attempts,
    events: () => attempts().filter(accepted),
    refuseNext: (count) => void (refusals = count),
    async waitFor(match, timeoutMs = 5000) {
      const found = await receiver.waitFor((request) => accepted(request) && match(request), timeoutMs);
      if (!found)
        throw new Error(
          `no such lifecycle event arrived; got ${
            attempts()
              .map((event) => event.json?.type)
              .join(', ') || 'none'
          }`,
        );
      return found;
    },
    close: () => receiver.close(),
  };
}

/** Spec 6.2 from the receiver's side, with the suite's verifier, and `t` the same as Svc-Timestamp. */
export function signatureValid(event: ReceivedRequest, secret: string): boolean {
  const header = event.headers['svc-signature'];
  return signatureParts(header)?.t === event.headers['svc-timestamp'] && signedWith(header, event.rawBody, secret);
}
