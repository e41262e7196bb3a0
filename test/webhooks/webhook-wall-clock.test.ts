// Deliveries that real receivers accept (spec 6.2): a receiver written from the spec rejects a
// timestamp more than 5 minutes from its own clock. Svc-Timestamp is the wall-clock time the
// attempt is signed, so deliveries verify after the workspace clock moved, and from a seeded
// workspace whose clock stands weeks back; the events keep their workspace times.
import { describe, expect, it } from 'vitest';
import { seedDemoWorkspace } from '../../src/seed/demo-workspace.ts';
import { call } from '../support/mock-client.ts';
import { signatureAccepted } from '../../conformance/kits/webhook-signature.ts';
import { HOUR, webhookHarness } from './webhook-harness.ts';

const h = webhookHarness();

describe('deliveries and the clocks', () => {
  it("verify on the receiver's clock after the workspace clock moved days on, retries included, with the events at workspace time", async () => {
    // The first attempt fails, the retry a minute later succeeds.
    h.receiver.answerEvery((_request, attempt) => (attempt === 1 ? 503 : 200));
    const { webhook, secret } = await h.createWebhook();
    await h.advance(50 * HOUR);
    const product = await h.product();
    await h.settle();
    await h.advance(60);
    const attempts = h.receivedBy(webhook.id);
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts)
      expect(signatureAccepted(attempt.headers['svc-signature'] as string, attempt.rawBody, secret, Date.now())).toBe(true);
    expect(attempts[0]!.json.occurred_at).toBe(product.created_at);
    expect(Math.abs(Date.parse(product.created_at) - Date.now())).toBeGreaterThan(HOUR * 1000);
  });

  it('verify from a seeded workspace, whose clock stands weeks back', async () => {
    const { workspace, ownerKey } = await seedDemoWorkspace(h.setup.mock.state, { seed: 3, leads: 12 });
    expect(Date.now() - workspace.clock.now()).toBeGreaterThan(7 * 24 * HOUR * 1000);
    const created = await call(h.setup.mock, 'POST', '/v1/webhooks', {
      key: ownerKey.key,
      body: { name: 'Seeded', url: h.receiver.url('/seeded'), events: ['lead.created'] },
    });
    await call(h.setup.mock, 'POST', '/v1/leads', { key: ownerKey.key, body: { name: 'After the seed' } });
    await expect.poll(() => h.receiver.received.filter((request) => request.path === '/seeded').length).toBe(1);
    const [delivery] = h.receiver.received.filter((request) => request.path === '/seeded');
    expect(signatureAccepted(delivery!.headers['svc-signature'] as string, delivery!.rawBody, created.body.secret, Date.now())).toBe(true);
  });
});
