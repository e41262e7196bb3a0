// What the webhook tests share: one mock that may deliver to 127.0.0.1 (`allowPrivateWebhooks`),
// one real receiver, a fresh workspace per test on a frozen clock, and small helpers over the API.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { call, setUpMock, type Answer, type Setup } from '../support/mock-client.ts';
import { WebhookReceiver, type ReceivedRequest } from '../../harness/webhook-receiver.ts';

export const START_MS = Date.parse('2026-11-20T08:00:00.000Z');
export const MINUTE = 60;
export const HOUR = 3600;

export type Harness = {
  setup: Setup;
  receiver: WebhookReceiver;
  workspace: any;
  api(method: string, path: string, body?: unknown): Promise<Answer>;
  /** The control route of the workspace's clock; answers once what fell due has run. */
  clock(change: Record<string, unknown>): Promise<Answer>;
  advance(seconds: number): Promise<Answer>;
  /** Runs what is due now (deliveries made "at once") and waits for it. */
  settle(): Promise<Answer>;
  /** The workspace clock's time in ms. */
  nowMs(): number;
  createWebhook(overrides?: Record<string, unknown>): Promise<{ webhook: any; secret: string }>;
  /** Creates a product: one `product.created` event. */
  product(name?: string): Promise<any>;
  receivedBy(webhookId: string): ReceivedRequest[];
  deliveries(webhookId: string, query?: string): Promise<any[]>;
};

export function webhookHarness(plan?: string): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    harness.setup = await setUpMock({ allowPrivateWebhooks: true });
    // Requests are timed on the workspace's (moved) clock; Svc-Timestamp is the wall clock's (spec 6.2).
    harness.receiver = await WebhookReceiver.start({ clock: () => harness.nowMs() });
  });
  afterAll(async () => harness.receiver.close());
  beforeEach(async () => {
    // A fresh workspace per test, its clock frozen: retries move only when a test moves time.
    harness.workspace = (await call(harness.setup.mock, 'POST', '/_mock/workspaces', { body: plan ? { plan } : {} })).body;
    harness.receiver.reset();
    await harness.clock({ freeze: true, set: new Date(START_MS).toISOString() });
  });
  const workspaceId = () => harness.workspace.workspace.id as string;
  Object.assign(harness, {
    api: (method: string, path: string, body?: unknown) => call(harness.setup.mock, method, path, { key: harness.workspace.api_key, body }),
    clock: (change: Record<string, unknown>) =>
      call(harness.setup.mock, 'POST', `/_mock/workspaces/${workspaceId()}/clock`, { body: change }),
    advance: (seconds: number) => harness.clock({ advance_seconds: seconds }),
    settle: () => harness.clock({ advance_seconds: 0 }),
    nowMs: () => harness.setup.mock.state.workspaces.get(workspaceId())!.now(),
    async createWebhook(overrides: Record<string, unknown> = {}) {
      const answer = await harness.api('POST', '/v1/webhooks', {
        name: 'Receiver',
        url: harness.receiver.url(),
        events: ['*'],
        ...overrides,
      });
      if (answer.status !== 201) throw new Error(`cannot create webhook: ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
    async product(name = 'Oak cabinet') {
      const answer = await harness.api('POST', '/v1/products', { name });
      if (answer.status !== 201) throw new Error(`cannot create product: ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
    receivedBy: (webhookId: string) => harness.receiver.received.filter((request) => request.headers['svc-webhook-id'] === webhookId),
    async deliveries(webhookId: string, query = '') {
      return (await harness.api('GET', `/v1/webhooks/${webhookId}/deliveries${query}`)).body.data;
    },
  });
  return harness;
}

/** When a request came on the workspace's clock, in seconds after the test's start. */
export function secondsAfterStart(request: ReceivedRequest): number {
  return Math.round((request.receivedAtMs - START_MS) / 1000);
}
