// Spec 6.3 and 8: redirects are followed "only to the same host and scheme". The receiver answers
// the webhook's URL (at 127.0.0.1) with a 307 to the same receiver under the name `localhost`:
// the same machine, another host. The service must not follow it: the ping fails and the
// receiver is never asked at the redirect's path. Only a mock on this machine reaches the
// receiver by both names; against a deployment (one public host) the check skips.
import type { ActiveCheck } from '../../check.ts';
import { withWebhook } from '../../kits/webhook-kit.ts';

export const redirectOtherHost: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.redirect-other-host',
  area: 'webhooks',
  title: 'a redirect to another host is not followed: the attempt fails',
  spec: '6.3, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (!context.target.mock || context.target.webhookReceiver?.publicUrl) {
      context.skip(
        'the receiver has one public host here; a redirect to another host of its own needs a mock on this machine (127.0.0.1 and localhost)',
      );
    }
    await withWebhook(context, 'redirect-other-host', ['lead.created'], async (hook) => {
      const local = new URL(hook.receiver.url(hook.path));
      if (local.hostname !== '127.0.0.1') context.skip(`the receiver is at ${local.hostname}, not 127.0.0.1: no second name for it`);
      const elsewhere = `${hook.path}/elsewhere`;
      hook.receiver.answer(hook.path, () => ({
        status: 307,
        headers: { location: `${local.protocol}//localhost:${local.port}${elsewhere}` },
      }));
      const ping = await context.client.call('pingWebhook', { path: { id: hook.id } });
      context.expectStatus(ping, 200, 201);
      const followed = hook.receiver.requestsTo(elsewhere).length > 0;
      if (followed || ping.json?.status === 'success') {
        context.fail(
          `a redirect from 127.0.0.1 to localhost was ${followed ? 'followed' : 'not followed, yet the ping shows success'}: redirects go only to the same host and scheme`,
          ping,
        );
      }
    });
  },
};
