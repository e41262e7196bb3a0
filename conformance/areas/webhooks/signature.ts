import type { ActiveCheck } from '../../check.ts';
import { SECRET_FORMAT, withWebhook } from '../../kits/webhook-kit.ts';
import { signatureProblem } from '../../kits/webhook-signature.ts';

export const signature: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.signature',
  area: 'webhooks',
  title: 'deliveries are signed with HMAC-SHA256 over `t.body` keyed with the whole secret, which is whsec_ and 43 characters',
  spec: '4.11, 6.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'signature', ['lead.created'], async (webhook) => {
      context.judge(
        'webhooks.secret-format',
        SECRET_FORMAT.test(webhook.secret ?? '')
          ? undefined
          : `the creation answered the secret ${JSON.stringify(webhook.secret)}, not whsec_ followed by 43 characters`,
      );
      context.expectStatus(await context.client.call('pingWebhook', { path: { id: webhook.id } }), 200);
      const ping = await webhook.delivery(1, 'the ping');
      const pingProblem = signatureProblem(ping.headers['svc-signature'], ping.rawBody, webhook.secret);
      if (pingProblem) context.fail(`the ping's signature does not verify: ${pingProblem}`, undefined, 'webhooks.signature-hmac');
      // An event of the catalog too: the signature must not depend on which kind of delivery it is.
      const lead = await context.createLead();
      const event = await webhook.delivery(1, 'lead.created', { match: (request) => request.json?.data?.object?.id === lead.id });
      const eventProblem = signatureProblem(event.headers['svc-signature'], event.rawBody, webhook.secret);
      context.judge('webhooks.signature-hmac', eventProblem && `the lead.created delivery's signature does not verify: ${eventProblem}`);
    });
  },
};
