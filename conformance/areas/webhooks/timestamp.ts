import type { ActiveCheck } from '../../check.ts';
import { advanceMockClock } from '../../mock-control.ts';
import { withWebhook } from '../../kits/webhook-kit.ts';

const TOLERANCE_S = 5 * 60;

export const timestamp: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.timestamp',
  area: 'webhooks',
  title: "Svc-Timestamp is the signing time in Unix seconds, within 5 minutes of the receiver's clock",
  spec: '6.1, 6.2, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'timestamp', ['lead.created'], async (webhook) => {
      // A mock's workspace clock is moved first: deliveries are signed when they are sent (6.1), on
      // the clock receivers hold them to (6.2), whatever time the workspace's records say.
      if (context.target.mock) await advanceMockClock(context, 10 * 60);
      context.expectStatus(await context.client.call('pingWebhook', { path: { id: webhook.id } }), 200);
      const ping = await webhook.delivery(1, 'the ping');
      const nowMs = ping.receivedAtMs;
      const sent = ping.headers['svc-timestamp'] ?? '';
      if (!/^[0-9]+$/.test(sent))
        context.fail(`Svc-Timestamp is ${JSON.stringify(sent)}, not Unix seconds`, undefined, 'webhooks.header-timestamp');
      const driftS = Number(sent) - nowMs / 1000;
      if (Math.abs(driftS) > TOLERANCE_S) {
        const hint = Math.abs(Number(sent) / 1000 - nowMs / 1000) <= TOLERANCE_S ? ' (it is in milliseconds, not seconds)' : '';
        context.judge(
          'webhooks.signature-tolerance',
          `Svc-Timestamp ${sent} is ${Math.round(driftS)} s from the receiver's clock${hint}; a receiver rejects anything more than 5 minutes off`,
        );
        context.judge('webhooks.header-timestamp', `Svc-Timestamp ${sent} is not the signing time in Unix seconds${hint}`);
      } else {
        context.judge('webhooks.signature-tolerance', undefined);
        context.judge('webhooks.header-timestamp', undefined);
      }
      const signedAt = /^t=([0-9]+),/.exec(ping.headers['svc-signature'] ?? '')?.[1];
      context.judge(
        'webhooks.header-signature-format',
        signedAt !== undefined && signedAt !== sent ? `the signature's t=${signedAt} is not Svc-Timestamp ${sent}` : undefined,
      );
    });
  },
};
